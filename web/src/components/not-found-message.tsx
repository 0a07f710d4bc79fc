import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's own 'not found' line (e.g. 'Group not found'), in place of its content. */
export function NotFoundMessage({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h1" component="p" sx={{ textAlign: 'center', mt: 6 }}>
      {children}
    </Typography>
  );
}
