import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { AccountDeletedNotice } from './account-deleted-notice';
import { LandingFeaturesOverview } from './landing-features-overview';
import { LandingFooter } from './landing-footer';
import { LandingGroupsOverview } from './landing-groups-overview';
import { LandingHero } from './landing-hero';
import { SignInPanel } from './sign-in-panel';

/** The home page of signed-out visitors. */
export function LandingPage() {
  return (
    <Stack spacing={{ xs: 6, md: 8 }}>
      <AccountDeletedNotice />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 4, md: 6 },
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
        }}
      >
        <LandingHero />
        <SignInPanel />
      </Box>
      <LandingGroupsOverview />
      <LandingFeaturesOverview />
      <LandingFooter />
    </Stack>
  );
}
