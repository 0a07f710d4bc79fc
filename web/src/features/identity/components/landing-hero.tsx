import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function LandingHero() {
  return (
    <Stack spacing={3}>
      <Chip label="Free to join" color="secondary" variant="outlined" sx={{ alignSelf: 'flex-start' }} />
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, lineHeight: 1.15 }}>
        Digital democracy for every community
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
        Civitas is where citizens decide together. Propose and amend laws, resolve disputes, elect your
        representatives, and lend your vote to someone you trust when you cannot take part yourself.
      </Typography>
      <Typography color="text.secondary">
        Every vote is counted openly, every decision can be traced back to the people who made it.
      </Typography>
    </Stack>
  );
}
