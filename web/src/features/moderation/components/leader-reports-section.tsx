import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import { useLeaderReports, type LeaderReportView } from '../api/leader-reports';
import { AdminItemCard, AdminListStates, StatusChip } from './admin-list-parts';
import { ReviewLeaderReportDialog } from './review-leader-report-dialog';

function Details({ report }: { report: LeaderReportView }) {
  const { t } = useTranslation('moderation');
  return (
    <Stack spacing={0.5} sx={{ mt: 1 }}>
      {report.evidence && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <strong>{t('leaderReports.evidence')}</strong> {report.evidence}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('leaderReports.reportedBy', { name: personName(report.reporter) })}
      </Typography>
    </Stack>
  );
}

/**
 * The group page's leader reports, for the group's leader and for admins (docs/product.md, Roles: leaders
 * receive leader reports): who was reported, why, by whom, and a Review button.
 */
export function LeaderReportsSection({ groupId }: { groupId: number }) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  const reports = useLeaderReports(groupId);
  const [reviewing, setReviewing] = useState<LeaderReportView | null>(null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        {t('leaderReports.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('leaderReports.lead')}
      </Typography>
      <AdminListStates query={reports} what="leaderReports" empty={{ title: t('leaderReports.emptyTitle'), text: t('leaderReports.empty') }}>
        {(items) => (
          <Stack component="ul" aria-label={t('leaderReports.label')} spacing={2} sx={{ m: 0, p: 0 }}>
            {items.map((report) => (
              <AdminItemCard
                key={report.id}
                label={t('leaderReports.itemLabel', { name: personName(report.reportedUser) })}
                chips={
                  <>
                    <Chip size="small" variant="outlined" label={personName(report.reportedUser)} />
                    <Typography variant="subtitle2" component="span">
                      {report.reason}
                    </Typography>
                    <StatusChip status={report.status} />
                  </>
                }
                content={report.description}
                details={<Details report={report} />}
                createdAt={report.createdAt}
                reviewedAt={report.reviewedAt}
                notes={report.notes}
                notesLabel={t('leaderReports.reviewerNotes')}
                actions={
                  <Button variant="contained" size="small" onClick={() => setReviewing(report)}>
                    {t('common.review')}
                  </Button>
                }
              />
            ))}
          </Stack>
        )}
      </AdminListStates>
      <ReviewLeaderReportDialog report={reviewing} onClose={() => setReviewing(null)} />
    </Paper>
  );
}
