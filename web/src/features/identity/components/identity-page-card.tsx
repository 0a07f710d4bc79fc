import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The narrow card of the pages a mailed link or a sign-out opens: an icon, the heading, the content. */
export function IdentityPageCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 480, width: '100%', mx: 'auto', mt: { xs: 2, md: 6 } }}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          {icon}
          <Typography variant="h1">{title}</Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
