import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayName } from '../../../lib/user-display';
import { useLeaderReports, type LeaderReportView } from '../api/leader-reports';
import { AdminItemCard, AdminListStates, StatusChip } from './admin-list-parts';
import { ReviewLeaderReportDialog } from './review-leader-report-dialog';

function Details({ report }: { report: LeaderReportView }) {
  return (
    <Stack spacing={0.5} sx={{ mt: 1 }}>
      {report.evidence && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <strong>Evidence:</strong> {report.evidence}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">{`Reported by ${displayName(report.reporter)}`}</Typography>
    </Stack>
  );
}

/**
 * The group page's leader reports, for the group's leader and for admins (spec section 6: leaders
 * receive leader reports): who was reported, why, by whom, and a Review button.
 */
export function LeaderReportsSection({ groupId }: { groupId: number }) {
  const titleId = useId();
  const reports = useLeaderReports(groupId);
  const [reviewing, setReviewing] = useState<LeaderReportView | null>(null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
        Leader Reports
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Reports members filed about members of this group. Only its leaders and the administrators see them.
      </Typography>
      <AdminListStates query={reports} what="leader reports" empty={{ title: 'No Leader Reports', text: 'No member of this group has been reported.' }}>
        {(items) => (
          <Stack component="ul" aria-label="Leader reports" spacing={2} sx={{ m: 0, p: 0 }}>
            {items.map((report) => (
              <AdminItemCard
                key={report.id}
                label={`Report about ${displayName(report.reportedUser)}`}
                chips={<>
                  <Chip size="small" variant="outlined" label={displayName(report.reportedUser)} />
                  <Typography variant="subtitle2" component="span">{report.reason}</Typography>
                  <StatusChip status={report.status} />
                </>}
                content={report.description}
                details={<Details report={report} />}
                createdAt={report.createdAt}
                reviewedAt={report.reviewedAt}
                notes={report.notes}
                notesLabel="Reviewer notes"
                actions={<Button variant="contained" size="small" onClick={() => setReviewing(report)}>Review</Button>}
              />
            ))}
          </Stack>
        )}
      </AdminListStates>
      <ReviewLeaderReportDialog report={reviewing} onClose={() => setReviewing(null)} />
    </Paper>
  );
}
