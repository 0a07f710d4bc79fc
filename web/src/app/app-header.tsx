import AppBar from '@mui/material/AppBar';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import { Link as RouterLink } from 'wouter';

export function AppHeader() {
  return (
    <AppBar position="sticky" color="inherit" elevation={1}>
      <Toolbar>
        <Link
          component={RouterLink}
          href="/"
          underline="none"
          color="inherit"
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
        >
          <HowToVoteIcon color="primary" fontSize="large" aria-hidden />
          <Typography component="span" variant="h6" color="primary" sx={{ fontWeight: 700 }}>
            Civitas
          </Typography>
        </Link>
      </Toolbar>
    </AppBar>
  );
}
