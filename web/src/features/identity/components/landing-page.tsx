import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { AccountDeletedNotice } from './account-deleted-notice';
import { LandingFeaturesOverview } from './landing-features-overview';
import { LandingFooter } from './landing-footer';
import { LandingGroupsOverview } from './landing-groups-overview';
import { LandingHero } from './landing-hero';
import { SignInPanel } from './sign-in-panel';

/** The home page of signed-out visitors; `signInNotice` goes above the sign-in forms. */
export function LandingPage({ signInNotice }: { signInNotice?: ReactNode }) {
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
        <SignInPanel notice={signInNotice} />
      </Box>
      <LandingGroupsOverview />
      <LandingFeaturesOverview />
      <LandingFooter />
    </Stack>
  );
}
