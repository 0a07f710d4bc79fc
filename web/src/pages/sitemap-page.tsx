import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';

interface SitemapEntry {
  path: string;
  description: string;
  /** Patterns such as /topic/[id] and the catch-all are not addresses one can open. */
  linked: boolean;
}

// The routes of spec section 2, as the sitemap page lists them.
const ENTRIES: SitemapEntry[] = [
  { path: '/', description: 'Landing page for visitors; the dashboard for members', linked: true },
  { path: '/group/1', description: 'Your family group', linked: true },
  { path: '/group/2', description: 'A group page', linked: true },
  { path: '/group/3', description: 'A group page', linked: true },
  { path: '/group/4', description: 'A group page', linked: true },
  { path: '/topic/[id]', description: 'A topic with its opinions, votes and discussion', linked: false },
  { path: '/laws/[groupId]', description: "A group's enacted laws", linked: false },
  { path: '/profile', description: 'Your profile', linked: true },
  { path: '/subscribe', description: 'Subscription plans', linked: true },
  { path: '*', description: 'Any other address: Page Not Found (404)', linked: false },
];

export function SitemapPage() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, maxWidth: 860, mx: 'auto', width: '100%' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Sitemap
      </Typography>
      <List>
        {ENTRIES.map(({ path, description, linked }) => (
          <ListItem key={path} disableGutters divider>
            <ListItemText
              primary={
                linked ? (
                  <Link component={RouterLink} href={path} sx={{ fontFamily: 'monospace' }}>
                    {path}
                  </Link>
                ) : (
                  <Typography component="span" sx={{ fontFamily: 'monospace' }}>
                    {path}
                  </Typography>
                )
              }
              secondary={description}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
