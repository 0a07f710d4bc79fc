import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { useAdminReports, type AdminReportItem } from '../api/admin-feedback';
import { AdminItemCard, AdminListStates, StatusChip } from './admin-list-parts';
import { formatDisplayDateTime } from '../../../lib/format-date';
import { REPORT_CATEGORY_LABELS, STATUS_LABELS, TARGET_TYPE_LABELS } from './feedback-labels';
import { ReportActionDialog } from './report-action-dialog';
import { ReviewReportDialog } from './review-report-dialog';

interface AdminReportsTabProps {
  /** What the panel adds to each item (its History button). */
  renderItemActions?: (item: { id: string }) => ReactNode;
}

const kindKey = (type: NonNullable<AdminReportItem['targetType']>) => (type === 'chat_message' ? 'chatMessage' : type);

/**
 * Who reported it, and what it is about as it is now: the item quoted, who wrote it, a link to its
 * topic page, whether an admin hid it, and the earlier reports on the same item.
 */
function ReportedItemDetails({ report }: { report: AdminReportItem }) {
  const { t } = useTranslation('moderation');
  const { target } = report;
  return (
    <Stack spacing={0.5} sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('reports.reportedBy', { name: report.reporter.name })}
      </Typography>
      {target && (
        <Box sx={{ borderInlineStart: 3, borderColor: 'divider', ps: 1.5, py: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {target.topicId ? (
              <Trans
                t={t}
                i18nKey={target.type === 'topic' ? 'reports.reportedTopic' : 'reports.reportedOn'}
                values={{ kind: TARGET_TYPE_LABELS[target.type], title: target.topicTitle ?? '', name: target.author?.name ?? '' }}
                components={{ topic: <Link component={RouterLink} href={`/topic/${target.topicId}`} /> }}
              />
            ) : (
              t('reports.itemGone')
            )}
          </Typography>
          {target.content !== null && (
            <Typography
              component="blockquote"
              dir="auto"
              aria-label={t('reports.quoteLabel', { kind: TARGET_TYPE_LABELS[target.type] })}
              sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontStyle: 'italic' }}
            >
              {target.content}
            </Typography>
          )}
          {target.hidden && (
            <Typography variant="body2" color="warning.main" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {t(`reports.hidden.${kindKey(target.type)}`, { reason: target.hidden.reason })}
            </Typography>
          )}
        </Box>
      )}
      {report.earlierReports.length > 0 && target && (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('reports.earlier', { count: report.earlierReports.length, kind: TARGET_TYPE_LABELS[target.type] })}
          </Typography>
          <Box component="ul" aria-label={t('reports.earlierLabel')} sx={{ m: 0, ps: 2.5 }}>
            {report.earlierReports.map((earlier) => (
              <Typography key={earlier.id} component="li" variant="body2" color="text.secondary">
                {t('reports.earlierItem', {
                  category: REPORT_CATEGORY_LABELS[earlier.type],
                  name: earlier.reporter.name,
                  status: STATUS_LABELS[earlier.status],
                  date: formatDisplayDateTime(earlier.createdAt) ?? earlier.createdAt,
                })}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Stack>
  );
}

/** Whether anything can be done about the item: it still exists, with an author to warn or content to hide. */
const actionable = (report: AdminReportItem) => report.target !== null && (report.target.author !== null || report.target.content !== null);

/** The admin panel's reports tab (section 2): every report, newest first, each with a Review button. */
export function AdminReportsTab({ renderItemActions }: AdminReportsTabProps) {
  const { t } = useTranslation('moderation');
  const reports = useAdminReports();
  const [reviewing, setReviewing] = useState<AdminReportItem | null>(null);
  const [acting, setActing] = useState<AdminReportItem | null>(null);
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
                details={<ReportedItemDetails report={report} />}
                createdAt={report.createdAt}
                reviewedAt={report.reviewedAt}
                notes={report.adminNotes}
                actions={
                  <>
                    <Button variant="contained" size="small" onClick={() => setReviewing(report)}>
                      {t('common.review')}
                    </Button>
                    {actionable(report) && (
                      <Button variant="outlined" size="small" onClick={() => setActing(report)}>
                        {t('reportAction.open')}
                      </Button>
                    )}
                    {renderItemActions?.(report)}
                  </>
                }
              />
            ))}
          </Stack>
        )}
      </AdminListStates>
      <ReviewReportDialog report={reviewing} onClose={() => setReviewing(null)} />
      <ReportActionDialog report={acting} onClose={() => setActing(null)} />
    </>
  );
}
