import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { AuthUser } from '../../../lib/api/get-current-user';
import { verifiedCountries } from '../../../lib/verified-countries';
import type { Group } from '../../../lib/api/group';
import { SubscribeAlert } from '../../../components/subscribe-alert';

/** The verification feature's dialog, which the page composing this banner brings. */
export type RenderVerifyDialog = (props: { open: boolean; onClose: () => void }) => ReactNode;

interface BannerProps {
  group: Group;
  user: AuthUser;
  renderVerifyDialog: RenderVerifyDialog;
}

function NationalBanner({ group, user, renderVerifyDialog }: BannerProps) {
  const [verifying, setVerifying] = useState(false);
  if (group.canParticipate) {
    return (
      <Alert severity="success">
        <AlertTitle>Full citizen access</AlertTitle>
        You are a verified citizen of {group.name}: you can post opinions and vote on its topics.{' '}
        {user.isSubscribed
          ? 'With your subscription you can also create law amendments and dispute resolutions.'
          : 'Creating law amendments and dispute resolutions needs a Civic Participation subscription.'}
      </Alert>
    );
  }
  const countries = verifiedCountries(user);
  return (
    <Alert
      severity="info"
      action={
        // The composing page brings the dialog: an additional nationality goes through the manager (with a document).
        <Button color="inherit" size="small" onClick={() => setVerifying(true)}>
          {user.isVerified ? 'Add Nationality' : 'Verify Identity'}
        </Button>
      }
    >
      <AlertTitle>You are viewing as an observer</AlertTitle>
      Only verified citizens of {group.name} can create topics, post opinions and vote here; anyone can follow the
      discussions.{' '}
      {countries.length > 0
        ? `Your verified countries: ${countries.join(', ')}.`
        : 'You have not verified a nationality yet.'}
      {renderVerifyDialog({ open: verifying, onClose: () => setVerifying(false) })}
    </Alert>
  );
}

/** Why the member may or may not take part here (spec section 2, group page banners). */
export function GroupAccessBanner({ group, user, renderVerifyDialog }: BannerProps) {
  switch (group.department) {
    case 'national':
      return <NationalBanner group={group} user={user} renderVerifyDialog={renderVerifyDialog} />;
    case 'family':
      return (
        <Alert severity="info">
          <AlertTitle>Private family group</AlertTitle>
          Only members of this family see its discussions. Creating topics, posting opinions and voting here is free.
        </Alert>
      );
    case 'friends':
      return (
        <Alert severity="info">
          <AlertTitle>Private friends group</AlertTitle>
          Only members of this friends group see its discussions. Taking part is free.
        </Alert>
      );
    case 'business':
      return (
        <SubscribeAlert title="Private business group" offerSubscription={!group.canParticipate}>
          Only members of this business group see its discussions. Taking part needs a Civic Participation
          subscription.
        </SubscribeAlert>
      );
    case 'religion':
      return (
        <Alert severity="info">
          <AlertTitle>Open community</AlertTitle>
          Every member can post opinions and vote here, free of charge. Creating topics (law amendments and dispute
          resolutions) needs a Civic Participation subscription.
        </Alert>
      );
    case 'international':
      return group.canParticipate ? null : (
        <SubscribeAlert title="You are viewing as an observer">
          Taking part in international groups needs a Civic Participation subscription.
        </SubscribeAlert>
      );
    case 'alliance':
      return group.canParticipate ? null : (
        <Alert severity="info">
          <AlertTitle>You are viewing as an observer</AlertTitle>
          Only leaders elected in other groups take part in the Leadership Alliance.
        </Alert>
      );
  }
}
