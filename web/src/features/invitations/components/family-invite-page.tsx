import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'wouter';
import { useSignInAndReturn } from './use-sign-in-and-return';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { toast } from '../../../lib/toast-store';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { isSessionLost, SIGN_IN_TO_ACCEPT, useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation, type InvitationLookup } from '../api/get-invitation';
import { InvalidInvitation } from './invalid-invitation';
import { InvitationBenefits } from './invitation-benefits';
import { InvitePageFrame } from './invite-page-frame';
import { inviteDisplayStatus } from './invite-page-status';

const FAMILY_INVITATION_INVALID = 'This invitation link is invalid, expired, or has already been used.';

const FAMILY_BENEFITS = [
  'Free participation in family decisions',
  'Create topics for your family to discuss',
  'Vote on family matters',
  'Real-time chat with your family',
  'Participate in family elections',
] as const;

type AcceptMutation = ReturnType<typeof useAcceptInvitation>;

function FamilyInvitation({ invitation, accept }: { invitation: InvitationLookup; accept: AcceptMutation }) {
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const signInAndReturn = useSignInAndReturn();

  const onAccept = () => {
    if (!user) {
      toast(SIGN_IN_TO_ACCEPT.family);
      signInAndReturn();
      return;
    }
    accept.mutate(undefined, {
      onSuccess: ({ groupId }) => {
        toast({ title: 'Success!', description: 'You have successfully joined the family group!' });
        navigate(`/group/${groupId}`);
      },
      onError: (error) => {
        // A lost session is told by the mutation (see FamilyInvitePage).
        if (isSessionLost(error)) return;
        toast({
          title: 'Error',
          description: 'Failed to accept invitation. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <InvitePageFrame title="Family Invitation" subtitle="You've been invited to join a private family group">
      <Stack spacing={1} sx={{ textAlign: 'center' }}>
        <Typography>
          Invitation for <strong>{invitation.email}</strong>
        </Typography>
        <Typography color="text.secondary">
          {invitation.inviterName} invited you to join {invitation.groupName}, where your family discusses and decides
          together in private.
        </Typography>
      </Stack>
      <InvitationBenefits heading="As a family member you can" benefits={FAMILY_BENEFITS} />
      {!user && <Alert severity="warning">You need to sign in to accept this invitation.</Alert>}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => navigate('/')} disabled={accept.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onAccept} disabled={accept.isPending}>
          {accept.isPending ? 'Accepting...' : 'Accept Invitation'}
        </Button>
      </Stack>
    </InvitePageFrame>
  );
}

/** /family-invite/<token>: signed in or out, the invitation into someone's family group. */
export function FamilyInvitePage({ token }: { token: string }) {
  const invitation = useInvitation('family', token);
  const signInAndReturn = useSignInAndReturn();
  // The session ended while the page was open: same as accepting signed out, once the app
  // knows it (else / would still be the member's dashboard).
  const accept = useAcceptInvitation('family', token, { onSessionLost: signInAndReturn });

  if (invitation.isPending) return <FullPageSpinner label="Loading invitation..." />;
  // Only a pending invitation can be accepted. While (and once) this page accepts it, the
  // cache turns it 'accepted': keep showing it until the member has moved on to the group.
  const usable =
    invitation.data !== undefined &&
    (inviteDisplayStatus(invitation.data) === 'pending' || accept.isPending || accept.isSuccess);
  if (invitation.isError || !invitation.data || !usable) {
    return <InvalidInvitation message={FAMILY_INVITATION_INVALID} homeLabel="Go to Home" />;
  }
  return <FamilyInvitation invitation={invitation.data} accept={accept} />;
}
