import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { Resources } from '../i18n/resource-types';

interface SitemapEntry {
  path: string;
  description: keyof Resources['staticPages']['sitemap'];
  /** Patterns such as /topic/[id] and the catch-all are not addresses one can open. */
  linked: boolean;
}

// The routes of docs/product.md, Screens, as the sitemap page lists them.
const ENTRIES: SitemapEntry[] = [
  { path: '/', description: 'home', linked: true },
  { path: '/group/1', description: 'familyGroup', linked: true },
  { path: '/group/2', description: 'group', linked: true },
  { path: '/group/3', description: 'group', linked: true },
  { path: '/group/4', description: 'group', linked: true },
  { path: '/topic/[id]', description: 'topic', linked: false },
  { path: '/laws/[groupId]', description: 'laws', linked: false },
  { path: '/notifications', description: 'notifications', linked: true },
  { path: '/profile', description: 'profile', linked: true },
  { path: '/subscribe', description: 'subscribe', linked: true },
  { path: '*', description: 'notFound', linked: false },
];

export function SitemapPage() {
  const { t } = useTranslation('staticPages');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 4 }, maxWidth: 860, mx: 'auto', width: '100%' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('sitemap.title')}
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
              secondary={t(`sitemap.${description}`)}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
