import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface InvitePageFrameProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The narrow, centred panel every invitation page (and its invalid state) sits in. */
export function InvitePageFrame({ title, subtitle, children }: InvitePageFrameProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ width: '100%', maxWidth: 560, mx: 'auto', mt: { xs: 2, md: 6 }, p: { xs: 3, sm: 4 } }}
    >
      <Stack spacing={3}>
        <Stack spacing={1} sx={{ textAlign: 'center' }}>
          <Typography id={headingId} variant="h1">
            {title}
          </Typography>
          {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
