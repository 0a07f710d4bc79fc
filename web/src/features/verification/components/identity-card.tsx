import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { SectionCard } from '../../../components/section-card';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { verifiedCountries } from '../../../lib/verified-countries';
import { NationalityManagerDialog } from './nationality-manager-dialog';
import { VerifyIdentityDialog } from './verify-identity-dialog';

function VerifyIdentityCard({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const pending = user.verifications.filter((verification) => verification.status === 'pending').map((verification) => verification.country);
  // With a claim already made (pending or rejected), the next one goes through the manager, which takes the document.
  const hasClaims = user.verifications.length > 0;
  return (
    <SectionCard title="Verify Your Identity" icon={<GppMaybeIcon color="warning" aria-hidden />} titleGap={1}>
      <Typography color="text.secondary">
        Verify your nationality to take part in your country&apos;s national group. Until then you can follow it as an
        observer.
      </Typography>
      {pending.length > 0 && <Typography sx={{ mt: 1 }}>Awaiting review: {pending.join(', ')}.</Typography>}
      <Button variant="contained" sx={{ mt: 2 }} onClick={() => setOpen(true)}>
        Verify Now
      </Button>
      {hasClaims ? <NationalityManagerDialog open={open} onClose={() => setOpen(false)} /> : <VerifyIdentityDialog open={open} onClose={() => setOpen(false)} />}
    </SectionCard>
  );
}

function IdentityVerifiedCard({ user }: { user: AuthUser }) {
  const [managing, setManaging] = useState(false);
  const countries = verifiedCountries(user);
  const country = user.country ?? countries[0];
  const others = countries.filter((other) => other !== country);
  return (
    <SectionCard title="Identity Verified" icon={<VerifiedUserIcon color="success" aria-hidden />} titleGap={1}>
      <Typography>Your {country} nationality is verified.</Typography>
      {others.length > 0 && (
        <Typography color="text.secondary">Also verified: {others.join(', ')}.</Typography>
      )}
      <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setManaging(true)}>
        Manage Nationalities
      </Button>
      <NationalityManagerDialog open={managing} onClose={() => setManaging(false)} />
    </SectionCard>
  );
}

/** Spec: the verify-identity card until a nationality is approved, then the identity-verified card. */
export function IdentityCard({ user }: { user: AuthUser }) {
  return user.isVerified ? <IdentityVerifiedCard user={user} /> : <VerifyIdentityCard user={user} />;
}
