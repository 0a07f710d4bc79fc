import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { personName } from '@civitas/events/person-name';
import { StatList } from '../../../components/stats-card';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { UserAvatar } from '../../../components/user-avatar';
import { useUserStats } from '../../../lib/api/get-user-stats';
import { Auto, Ltr } from '../../../components/bidi';

/**
 * The dashboard sidebar's profile summary, with the member's counts from GET /api/user/stats,
 * and the Leader badge for a leader in any group (known from GET /api/user/groups).
 */
export function ProfileSummaryCard({ user, isLeader = false }: { user: AuthUser; isLeader?: boolean }) {
  const { t } = useTranslation('dashboard');
  const stats = useUserStats();
  // The stats projection is newer than the member read when the member just acted.
  const participationScore = stats.data?.participationScore ?? user.participationScore;
  return (
    <Card variant="outlined" component="aside" aria-label={t('profile.label')}>
      <CardContent>
        <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <UserAvatar user={user} size={64} />
          <Typography component="p" variant="h3">
            <Auto>{personName(user)}</Auto>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            <Ltr>{user.email}</Ltr>
          </Typography>
          <Stack direction="row" spacing={1}>
            {/* The profile's rule: a member who has taken part (a score above 0). */}
            {participationScore > 0 && <Chip label={t('profile.activeCitizen')} color="success" size="small" />}
            {isLeader && <Chip label={t('profile.leader')} color="secondary" size="small" />}
          </Stack>
        </Stack>
        <Divider sx={{ my: 2 }} />
        <StatList
          error={stats.error}
          items={[
            { label: t('profile.participationScore'), value: participationScore },
            { label: t('profile.topicsCreated'), value: stats.data?.topicsCreated },
            { label: t('profile.votesCast'), value: stats.data?.votesCast },
            // Members who delegate their vote to this member now.
            { label: t('profile.delegations'), value: stats.data?.delegatesCount },
          ]}
        />
        <Button component={RouterLink} href="/profile" variant="outlined" fullWidth sx={{ mt: 2 }}>
          {t('profile.viewFullProfile')}
        </Button>
      </CardContent>
    </Card>
  );
}
