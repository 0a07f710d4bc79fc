import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import { useTranslation } from 'react-i18next';
import type { ReportTargetType } from '@civitas/events/moderation/feedback.contract';
import { ReportDialog } from './report-dialog';

interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
}

/** A small flag beside a topic, opinion or chat message: opens the report dialog about it. */
export function ReportButton({ targetType, targetId }: ReportButtonProps) {
  const { t } = useTranslation('moderation');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('report.button')}>
        <IconButton aria-label={t('report.button')} size="small" onClick={() => setOpen(true)}>
          <FlagOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <ReportDialog open={open} onClose={() => setOpen(false)} target={{ type: targetType, id: targetId }} />
    </>
  );
}
