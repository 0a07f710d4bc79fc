import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { personName } from '@civitas/events/person-name';
import { formatDisplayDate } from '../../../lib/format-date';
import type { Group } from '../../../lib/api/group';
import { useMainElection } from '../api/get-main-election';
import { leadershipState } from './leadership-election-card';
import { holdsMainElection } from './main-election-groups';

function GroupElectionRow({ group, onClose }: { group: Group; onClose: () => void }) {
  const { t } = useTranslation('elections');
  const election = useMainElection(group.id);
  let detail: string;
  let action;
  if (election.isPending) {
    detail = t('join.loading');
  } else if (election.isError) {
    detail = t('join.loadError', { message: election.error.message });
  } else {
    const data = election.data;
    const state = leadershipState(data);
    if (data && state === 'active') {
      const ends = formatDisplayDate(data.expiresAt);
      detail = ends ? t('join.activeDetail', { title: data.title, date: ends }) : data.title;
      action = (
        <Button
          component={RouterLink}
          href={`/topic/${data.id}`}
          onClick={onClose}
          variant="contained"
          size="small"
          aria-label={t('join.joinIn', { group: group.name })}
        >
          {t('join.joinElection')}
        </Button>
      );
    } else {
      detail = data?.winner ? t('join.leaderNoElection', { name: personName(data.winner) }) : t('join.noElection');
      action = (
        <Button component={RouterLink} href={`/group/${group.id}`} onClick={onClose} size="small" aria-label={t('join.goTo', { group: group.name })}>
          {t('join.goToGroup')}
        </Button>
      );
    }
  }
  return (
    <Stack
      component="li"
      aria-label={group.name}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', py: 1 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography dir="auto" sx={{ fontWeight: 600 }}>
          {group.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      </Box>
      {action}
    </Stack>
  );
}

interface JoinElectionDialogProps {
  open: boolean;
  onClose: () => void;
  /** Every group the member can see; the dialog keeps those that elect a leader and where the member takes part. */
  groups: Group[];
}

/**
 * Quick Action 'Join Election': the leadership elections of the groups where the member takes
 * part, each with a way in (the open election, or the group page to start one).
 */
export function JoinElectionDialog({ open, onClose, groups }: JoinElectionDialogProps) {
  const { t } = useTranslation(['elections', 'common']);
  const titleId = useId();
  const electing = groups.filter((group) => holdsMainElection(group) && group.canParticipate);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('join.title')}</DialogTitle>
      {/* Mounted only while open: each group's election is read when the member looks. */}
      {open && (
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('join.intro')}</DialogContentText>
            {electing.length === 0 ? (
              <Typography color="text.secondary">{t('join.noGroups')}</Typography>
            ) : (
              <Box component="ul" aria-label={t('join.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {electing.map((group) => (
                  <GroupElectionRow key={group.id} group={group} onClose={onClose} />
                ))}
              </Box>
            )}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
