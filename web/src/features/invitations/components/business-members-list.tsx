import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import { useBusinessMembers } from '../api/get-business-members';
import { PersonRow } from '../../../components/person-row';
import { RemoveFromGroupDialog, type PersonToRemove } from './remove-from-group-dialog';
import { Ltr } from '../../../components/bidi';

/** The colleagues in the owner's business group; only active ones can be removed. */
export function BusinessMembersList({ groupId }: { groupId: number }) {
  const { t } = useTranslation('invitations');
  const headingId = useId();
  const members = useBusinessMembers(groupId);
  const [confirming, setConfirming] = useState<PersonToRemove | null>(null);

  let body;
  if (members.isPending) {
    body = <Typography color="text.secondary">{t('business.loadingMembers')}</Typography>;
  } else if (members.isError) {
    body = <Alert severity="error">{t('business.loadFailed', { message: members.error.message })}</Alert>;
  } else if (members.data.length === 0) {
    body = <Typography color="text.secondary">{t('business.empty')}</Typography>;
  } else {
    body = (
      <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {members.data.map((membership) => {
          const name = personName(membership.member);
          const active = membership.status === 'active';
          return (
            <PersonRow key={membership.id} name={name} detail={membership.member.email && <Ltr>{membership.member.email}</Ltr>}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" label={active ? t('business.active') : t('business.removed')} color={active ? 'success' : 'default'} />
                {active && (
                  <Button size="small" color="error" onClick={() => setConfirming({ id: membership.memberId, name })}>
                    {t('business.remove')}
                  </Button>
                )}
              </Stack>
            </PersonRow>
          );
        })}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h3" sx={{ mb: 1 }}>
        {t('business.members')}
      </Typography>
      {body}
      <RemoveFromGroupDialog kind="business" groupId={groupId} person={confirming} onClose={() => setConfirming(null)} />
    </Box>
  );
}
