import { useId } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format-number';
import { useGroupTopics } from '../../../lib/api/get-group-topics';
import type { Group } from '../../../lib/api/group';

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    // dt before dd as a description list wants, shown number first.
    <Box sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h2" sx={{ m: 0 }} aria-busy={value === undefined}>
        {value === undefined ? '…' : formatNumber(value)}
      </Typography>
    </Box>
  );
}

/**
 * The stats panel of national and international groups: what the group decides, counted
 * from its topics (the same list the page shows, so no extra request).
 */
export function GroupOverviewPanel({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const headingId = useId();
  const topics = useGroupTopics(group.id).data;
  const count = (predicate: (topic: NonNullable<typeof topics>[number]) => boolean) => topics?.filter(predicate).length;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={headingId} component="h2" variant="h3" sx={{ mb: 2 }}>
        {t('overview.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' } }}>
        <Figure label={t('overview.members')} value={group.memberCount} />
        <Figure label={t('overview.lawAmendments')} value={count((topic) => topic.type === 'law_amendment')} />
        <Figure label={t('overview.disputeResolutions')} value={count((topic) => topic.type === 'dispute_resolution')} />
        <Figure label={t('overview.closedTopics')} value={count((topic) => topic.status === 'closed')} />
      </Box>
    </Paper>
  );
}
