import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';

export function NotFoundPage() {
  return (
    <Card variant="outlined" sx={{ maxWidth: 480, width: '100%', mx: 'auto', mt: 6 }}>
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <ErrorOutlineIcon color="error" fontSize="large" aria-hidden />
          <Typography variant="h1">Page Not Found</Typography>
        </Stack>
        <Typography color="text.secondary">Did you forget to add the page to the router?</Typography>
      </CardContent>
    </Card>
  );
}
