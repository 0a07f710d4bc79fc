import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

// Read by screen readers, not shown (the usual clip pattern).
const screenReaderOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * A page's shape while its data loads (issue #32: skeletons rather than a second 'Loading...'
 * after the session's). The label is for screen readers, which hear it once as a status.
 */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ flex: 1 }}>
      <Box component="span" sx={screenReaderOnly}>
        {label}
      </Box>
      <Stack spacing={3} aria-hidden>
        <Skeleton variant="rounded" height={120} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <Stack spacing={2}>
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={96} />
            <Skeleton variant="rounded" height={96} />
          </Stack>
          <Skeleton variant="rounded" height={220} />
        </Box>
      </Stack>
    </Box>
  );
}
