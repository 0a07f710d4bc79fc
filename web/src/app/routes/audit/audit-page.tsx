import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { NotAllowedPage } from '../../../pages/not-allowed-page';
import type { AuditTopicView } from '../../../features/audit/api/get-audit-topics';
import { AuditTopicsList } from '../../../features/audit/components/audit-topics-list';
import { ExportCard } from '../../../features/audit/components/export-card';
import { TopicHistoryTable } from '../../../features/audit/components/topic-history-table';
import { TopicTimelineCard } from '../../../features/audit/components/topic-timeline-card';

/** The chosen topic: its timeline and its history, with the way to its page (where the time slider is). */
function TopicAudit({ topic }: { topic: AuditTopicView }) {
  const { t } = useTranslation('audit');
  return (
    <Stack spacing={3} component="section" aria-label={t('page.auditOf', { title: topic.title })}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          {topic.title}
        </Typography>
        {topic.status !== 'deleted' && (
          <Button component={RouterLink} href={`/topic/${topic.id}`} variant="outlined">
            {t('page.openTopic')}
          </Button>
        )}
      </Stack>
      <TopicTimelineCard key={`timeline-${topic.id}`} topicId={topic.id} />
      {topic.status !== 'deleted' && <ExportCard key={`export-${topic.id}`} topicId={topic.id} />}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h3" component="h3" sx={{ mb: 2 }}>
          {t('page.history')}
        </Typography>
        <TopicHistoryTable key={`history-${topic.id}`} topicId={topic.id} />
      </Paper>
    </Stack>
  );
}

function AuditScreens() {
  const { t } = useTranslation('audit');
  const [selected, setSelected] = useState<AuditTopicView | null>(null);
  return (
    <Stack spacing={3} sx={{ maxWidth: 1300, mx: 'auto', width: '100%' }}>
      <Box>
        <Typography variant="h1">{t('page.title')}</Typography>
        <Typography color="text.secondary">{t('page.lead')}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 380px) 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 1 }}>
          <AuditTopicsList selectedId={selected?.id ?? null} onSelect={setSelected} />
        </Paper>
        <Box sx={{ minWidth: 0 }}>{selected ? <TopicAudit topic={selected} /> : <Typography color="text.secondary">{t('page.choose')}</Typography>}</Box>
      </Box>
    </Stack>
  );
}

/** /audit: auditors and admins (roles are data; the API refuses everyone else too); others a 'not allowed' page. */
export function AuditPage({ user }: { user: AuthUser }) {
  if (user.isAdmin || user.roles.includes('auditor')) return <AuditScreens />;
  return <NotAllowedPage page="audit" />;
}
