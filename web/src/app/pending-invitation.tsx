import { Suspense, lazy, useState } from 'react';
import { invitationInPath } from '../lib/invitation-path';
import { pendingReturnAfterSignIn } from '../lib/return-after-sign-in';

// Only fetched when a visitor comes from an invitation: the landing page's own code stays as it was.
const PendingInvitationNote = lazy(() =>
  import('../features/invitations/components/pending-invitation-note').then((m) => ({ default: m.PendingInvitationNote })),
);

/** The invitation a visitor comes back to once signed in, kept in view beside the sign-in forms. */
export function PendingInvitation() {
  const [invitation] = useState(() => invitationInPath(pendingReturnAfterSignIn()));
  if (!invitation) return null;
  return (
    <Suspense fallback={null}>
      <PendingInvitationNote kind={invitation.kind} token={invitation.token} />
    </Suspense>
  );
}
