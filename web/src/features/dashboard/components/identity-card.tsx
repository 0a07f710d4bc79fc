import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import type { AuthUser } from '../../identity/api/get-current-user';
import { verifiedCountries } from '../../verification/components/verified-countries';
import { VerifyIdentityDialog } from '../../verification/components/verify-identity-dialog';

function VerifyIdentityCard() {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <GppMaybeIcon color="warning" aria-hidden />
          <Typography id={headingId} component="h2" variant="h3">
            Verify Your Identity
          </Typography>
        </Stack>
        <Typography color="text.secondary">
          Verify your nationality to take part in your country&apos;s national group. Until then you can follow it as an
          observer.
        </Typography>
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => setOpen(true)}>
          Verify Now
        </Button>
        <VerifyIdentityDialog open={open} onClose={() => setOpen(false)} />
      </CardContent>
    </Card>
  );
}

function IdentityVerifiedCard({ user }: { user: AuthUser }) {
  const headingId = useId();
  const countries = verifiedCountries(user);
  const country = user.country ?? countries[0];
  const others = countries.filter((other) => other !== country);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <VerifiedUserIcon color="success" aria-hidden />
          <Typography id={headingId} component="h2" variant="h3">
            Identity Verified
          </Typography>
        </Stack>
        <Typography>Your {country} nationality is verified.</Typography>
        {others.length > 0 && (
          <Typography color="text.secondary">Also verified: {others.join(', ')}.</Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** Spec: the verify-identity card until a nationality is approved, then the identity-verified card. */
export function IdentityCard({ user }: { user: AuthUser }) {
  return user.isVerified ? <IdentityVerifiedCard user={user} /> : <VerifyIdentityCard />;
}
