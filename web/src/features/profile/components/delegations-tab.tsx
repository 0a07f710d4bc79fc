import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { DelegationOverviewGroup } from '@civitas/events/profiles/profile.contract';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDisplayDate } from '../../../lib/format-date';
import { displayName } from '../../../lib/user-display';
import { useDelegationOverview } from '../api/get-delegation-overview';

const votes = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'vote' : 'votes'}`;

function GroupDelegations({ group }: { group: DelegationOverviewGroup }) {
  return (
    <Paper component="section" variant="outlined" aria-label={group.groupName} sx={{ p: 2 }}>
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        <Link component={RouterLink} href={`/group/${group.groupId}`}>
          {group.groupName}
        </Link>
      </Typography>
      <Stack spacing={1.5}>
        <div>
          <Typography variant="subtitle2">Your delegate</Typography>
          {group.given ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <UserAvatar user={group.given.delegate} size={28} />
              <Typography variant="body2">
                {displayName(group.given.delegate)} · since {formatDisplayDate(group.given.since)}
              </Typography>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              You vote yourself in this group.
            </Typography>
          )}
        </div>
        <div>
          <Typography variant="subtitle2">Members who delegate to you ({group.received.length})</Typography>
          {group.received.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nobody delegates to you here.
            </Typography>
          ) : (
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {group.received.map(({ delegator, since }) => (
                <Stack component="li" key={delegator.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <UserAvatar user={delegator} size={28} />
                  <Typography variant="body2">
                    {displayName(delegator)} · since {formatDisplayDate(since)}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          )}
        </div>
        {group.carried && (
          <Typography variant="body2">
            Weight you carry when you vote: <strong>{votes(group.carried.weight)}</strong>
            {group.carried.weight > 1 && ` (yours and ${votes(group.carried.weight - 1)} lent to you)`}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}

/** Profile tab Delegations: per group, whom the member trusts, who trusts them, and the weight they carry. */
export function DelegationsTab() {
  const overview = useDelegationOverview();
  if (overview.isPending) return <CircularProgress aria-label="Loading delegations" />;
  if (overview.isError) return <Alert severity="error">Could not load your delegations: {overview.error.message}</Alert>;
  if (overview.data.length === 0) {
    return <Typography color="text.secondary">You have no delegations. Delegate your vote to someone you trust in a group, or be trusted by others.</Typography>;
  }
  return (
    <Stack spacing={2}>
      {overview.data.map((group) => (
        <GroupDelegations key={group.groupId} group={group} />
      ))}
    </Stack>
  );
}
