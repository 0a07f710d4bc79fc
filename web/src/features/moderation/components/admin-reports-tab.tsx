import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { useAdminReports, type AdminReportItem } from '../api/admin-feedback';
import { AdminItemCard, AdminListStates, StatusChip } from './admin-list-parts';
import { REPORT_CATEGORY_LABELS, TARGET_TYPE_LABELS } from './feedback-labels';
import { ReviewReportDialog } from './review-report-dialog';

interface AdminReportsTabProps {
  /** What the panel adds to each item (its History button). */
  renderItemActions?: (item: { id: string }) => ReactNode;
}

/** What a report is about: a topic links to its page; opinions and chat messages are named by id. */
function ReportTargetLine({ report }: { report: AdminReportItem }) {
  const { t } = useTranslation('moderation');
  if (!report.targetType || !report.targetId) return null;
  const values = { kind: TARGET_TYPE_LABELS[report.targetType], id: report.targetId };
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
      {report.targetType === 'topic' ? (
        <Trans t={t} i18nKey="reports.target" values={values} components={{ target: <Link component={RouterLink} href={`/topic/${report.targetId}`} /> }} />
      ) : (
        t('reports.targetPlain', values)
      )}
    </Typography>
  );
}

/** The admin panel's reports tab (section 2): every report, newest first, each with a Review button. */
export function AdminReportsTab({ renderItemActions }: AdminReportsTabProps) {
  const { t } = useTranslation('moderation');
  const reports = useAdminReports();
  const [reviewing, setReviewing] = useState<AdminReportItem | null>(null);
  return (
    <>
      <AdminListStates query={reports} what="reports" empty={{ title: t('reports.emptyTitle'), text: t('reports.empty') }}>
        {(items) => (
          <Stack component="ul" aria-label={t('reports.label')} spacing={2} sx={{ m: 0, p: 0 }}>
            {items.map((report) => (
              <AdminItemCard
                key={report.id}
                label={t('reports.itemLabel', { category: REPORT_CATEGORY_LABELS[report.type] })}
                chips={
                  <>
                    <Chip size="small" variant="outlined" label={REPORT_CATEGORY_LABELS[report.type]} />
                    <StatusChip status={report.status} />
                  </>
                }
                content={report.content}
                details={<ReportTargetLine report={report} />}
                createdAt={report.createdAt}
                reviewedAt={report.reviewedAt}
                notes={report.adminNotes}
                actions={
                  <>
                    <Button variant="contained" size="small" onClick={() => setReviewing(report)}>
                      {t('common.review')}
                    </Button>
                    {renderItemActions?.(report)}
                  </>
                }
              />
            ))}
          </Stack>
        )}
      </AdminListStates>
      <ReviewReportDialog report={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
