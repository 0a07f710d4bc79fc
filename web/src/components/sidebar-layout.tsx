import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A page's main column beside a 300px sidebar on wide screens; one column on phones, ordered by `areas`. */
export function SidebarLayout({ areas, children }: { areas?: { xs: string; md: string }; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
        ...(areas && { gridTemplateAreas: areas }),
      }}
    >
      {children}
    </Box>
  );
}
