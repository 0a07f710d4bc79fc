import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import { Link as RouterLink } from 'wouter';

/** A page a signed-in member may not open (DECISIONS: /admin is for admins; others get a 'not allowed' page). */
export function NotAllowedPage({ what, audience = 'administrators' }: { what: string; audience?: string }) {
  return (
    <Card variant="outlined" sx={{ maxWidth: 480, width: '100%', mx: 'auto', mt: 6 }}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <BlockIcon color="error" fontSize="large" aria-hidden />
          <Typography variant="h1">Not Allowed</Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {what} is only open to {audience}. If you think you should have access, ask an administrator.
        </Typography>
        <Button component={RouterLink} href="/" variant="contained">Go to Dashboard</Button>
      </CardContent>
    </Card>
  );
}
