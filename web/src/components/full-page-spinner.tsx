import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface FullPageSpinnerProps {
  /** 'Loading...' when absent. */
  label?: string;
}

/** Fills the page area (the shell gives <main> the remaining height) while data loads. */
export function FullPageSpinner({ label }: FullPageSpinnerProps) {
  // The shell's Suspense fallback too: `common` is bundled, so this never suspends itself.
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        flex: 1,
        minHeight: '50vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label ?? t('components.loading')}</Typography>
    </Box>
  );
}
