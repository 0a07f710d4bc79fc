import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import GavelIcon from '@mui/icons-material/Gavel';
import { useTranslation } from 'react-i18next';
import { LeaderReportDialog, type LeaderReportSubject } from './leader-report-dialog';

/** Beside what another member wrote: report them to the group's leaders. */
export function ReportToLeadersButton({ subject }: { subject: LeaderReportSubject }) {
  const { t } = useTranslation('moderation');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('leaderReport.button')}>
        <IconButton aria-label={t('leaderReport.button')} size="small" onClick={() => setOpen(true)}>
          <GavelIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <LeaderReportDialog open={open} onClose={() => setOpen(false)} subject={subject} />
    </>
  );
}
