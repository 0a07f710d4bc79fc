import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { DelegationOverviewGroup } from '@civitas/events/profiles/profile.contract';
import { personName } from '@civitas/events/person-name';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDisplayDate } from '../../../lib/format-date';
import { useDelegationOverview } from '../api/get-delegation-overview';
import { Auto } from '../../../components/bidi';

function GroupDelegations({ group }: { group: DelegationOverviewGroup }) {
  const { t } = useTranslation('profile');
  const weight = group.carried?.weight ?? 0;
  return (
    <Paper component="section" variant="outlined" aria-label={group.groupName} sx={{ p: 2 }}>
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        <Link component={RouterLink} href={`/group/${group.groupId}`}>
          <Auto>{group.groupName}</Auto>
        </Link>
      </Typography>
      <Stack spacing={1.5}>
        <div>
          <Typography variant="subtitle2">{t('delegations.yourDelegate')}</Typography>
          {group.given ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <UserAvatar user={group.given.delegate} size={28} />
              <Typography variant="body2">
                {t('delegations.since', { name: personName(group.given.delegate), date: formatDisplayDate(group.given.since) })}
              </Typography>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('delegations.voteYourself')}
            </Typography>
          )}
        </div>
        <div>
          <Typography variant="subtitle2">{t('delegations.delegators', { count: group.received.length })}</Typography>
          {group.received.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('delegations.nobody')}
            </Typography>
          ) : (
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {group.received.map(({ delegator, since }) => (
                <Stack component="li" key={delegator.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <UserAvatar user={delegator} size={28} />
                  <Typography variant="body2">{t('delegations.since', { name: personName(delegator), date: formatDisplayDate(since) })}</Typography>
                </Stack>
              ))}
            </Stack>
          )}
        </div>
        {group.carried && (
          <Typography variant="body2">
            <Trans
              t={t}
              i18nKey={weight > 1 ? 'delegations.carriedWithLent' : 'delegations.carried'}
              values={{ votes: t('delegations.votes', { count: weight }), lent: t('delegations.votes', { count: weight - 1 }) }}
              components={{ strong: <strong /> }}
            />
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/** Profile tab Delegations: per group, whom the member trusts, who trusts them, and the weight they carry. */
export function DelegationsTab() {
  const { t } = useTranslation('profile');
  const overview = useDelegationOverview();
  if (overview.isPending) return <CircularProgress aria-label={t('delegations.loading')} />;
  if (overview.isError) return <Alert severity="error">{t('delegations.failed', { message: overview.error.message })}</Alert>;
  if (overview.data.length === 0) {
    return <Typography color="text.secondary">{t('delegations.none')}</Typography>;
  }
  return (
    <Stack spacing={2}>
      {overview.data.map((group) => (
        <GroupDelegations key={group.groupId} group={group} />
      ))}
    </Stack>
  );
}
