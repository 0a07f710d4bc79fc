import { useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PersonIcon from '@mui/icons-material/Person';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { personName } from '@civitas/events/person-name';
import { otherLanguage } from '../../components/language-switch';
import { UserAvatar } from '../../components/user-avatar';
import { chooseLanguage, LANGUAGE_NAMES, useLanguage } from '../../i18n';
import type { AuthUser } from '../../lib/api/get-current-user';
import { useSignOut } from '../../features/identity/api/sign-out';
import { Auto, Ltr } from '../../components/bidi';

/** Below md: the side drawer (docs/product.md, Screens: Header) with avatar, name, e-mail, Dashboard, My Profile and Logout. */
export function MobileNavDrawer({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const other = otherLanguage(useLanguage());
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const signOut = useSignOut();

  return (
    <>
      <IconButton color="inherit" aria-label={t('header.openNavMenu')} onClick={() => setOpen(true)}>
        <MenuIcon />
      </IconButton>
      {/* The open drawer is a modal dialog: it needs a name (WCAG 4.1.2). */}
      <Drawer anchor="right" open={open} onClose={close} slotProps={{ paper: { 'aria-label': t('header.navMenu') } }}>
        <Box sx={{ width: 280 }}>
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', p: 3 }}>
            <UserAvatar user={user} size={56} />
            <Typography variant="h3" component="p">
              <Auto>{personName(user)}</Auto>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              <Ltr>{user.email}</Ltr>
            </Typography>
          </Stack>
          <Divider />
          <List component="nav" aria-label={t('header.mainNav')}>
            <ListItemButton component={RouterLink} href="/" onClick={close}>
              <ListItemIcon>
                <DashboardIcon />
              </ListItemIcon>
              <ListItemText primary={t('nav.dashboard')} />
            </ListItemButton>
            <ListItemButton component={RouterLink} href="/profile" onClick={close}>
              <ListItemIcon>
                <PersonIcon />
              </ListItemIcon>
              <ListItemText primary={t('nav.myProfile')} />
            </ListItemButton>
            {/* The drawer stays open: the member sees the switch take effect in place. */}
            <ListItemButton lang={other} onClick={() => void chooseLanguage(other)}>
              <ListItemIcon>
                <TranslateIcon />
              </ListItemIcon>
              <ListItemText primary={LANGUAGE_NAMES[other]} />
            </ListItemButton>
            <ListItemButton onClick={() => signOut.mutate()} disabled={signOut.isPending || signOut.isSuccess}>
              <ListItemIcon>
                <LogoutIcon />
              </ListItemIcon>
              <ListItemText primary={t('nav.logout')} />
            </ListItemButton>
          </List>
        </Box>
      </Drawer>
    </>
  );
}
