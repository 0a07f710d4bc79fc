import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INVITATION_NOT_FOUND, INVITATION_USED } from '@civitas/events/invitations/invitation.contract';
import { useLocation } from 'wouter';
import { useSignInAndReturn } from './use-sign-in-and-return';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { formatDisplayDate } from '../../../lib/format-date';
import { serverMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast-store';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { isSessionLost, useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation, type InvitationKind, type InvitationLookup } from '../api/get-invitation';
import { InvalidInvitation } from './invalid-invitation';
import { InvitationBenefits } from './invitation-benefits';
import { InvitePageFrame } from './invite-page-frame';
import { inviteDisplayStatus, type InviteDisplayStatus } from './invite-page-status';
import { InvitationStatusChip } from './invitation-status-chip';

export interface GroupInvitePageProps {
  kind: Exclude<InvitationKind, 'family'>;
  token: string;
  title: string;
  benefits: readonly string[];
  /** The success toast's description. */
  joinedDescription: string;
  /** Where the member goes once accepted; without it the page stays, now showing 'accepted'. */
  destinationAfterAccept?: (groupId: number) => string;
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere', textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

interface InvitationDetailsProps {
  invitation: InvitationLookup;
  status: Exclude<InviteDisplayStatus, 'ended'>;
}

function InvitationDetails({ invitation, status }: InvitationDetailsProps) {
  return (
    <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
      <DetailRow label="Status">
        <InvitationStatusChip status={status} />
      </DetailRow>
      <DetailRow label="Invited to">{invitation.email}</DetailRow>
      <DetailRow label="Expires">{formatDisplayDate(invitation.expiresAt)}</DetailRow>
    </Stack>
  );
}

/** A closing line and the one button that leads on from it. */
function Outcome({ message, action, onAction }: { message: string; action: string; onAction: () => void }) {
  const messageId = useId();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography id={messageId}>{message}</Typography>
      <Button variant="contained" onClick={onAction} aria-describedby={messageId}>
        {action}
      </Button>
    </Stack>
  );
}

type AcceptMutation = ReturnType<typeof useAcceptInvitation>;

function AcceptSection({ page, accept }: { page: GroupInvitePageProps; accept: AcceptMutation }) {
  const [, navigate] = useLocation();

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: ({ groupId }) => {
        toast({ title: 'Invitation Accepted!', description: page.joinedDescription });
        if (page.destinationAfterAccept) navigate(page.destinationAfterAccept(groupId));
      },
      onError: (error) => {
        // The session ended while the page was open: the mutation told the member, and the page
        // turns to its signed-out state.
        if (isSessionLost(error)) return;
        toast({
          title: 'Error',
          description: serverMessage(error) ?? 'Failed to accept invitation',
          variant: 'destructive',
        });
      },
    });

  return (
    <>
      <InvitationBenefits heading="As a member you can" benefits={page.benefits} />
      <Button variant="contained" size="large" onClick={onAccept} disabled={accept.isPending}>
        {accept.isPending ? 'Accepting...' : 'Accept Invitation'}
      </Button>
    </>
  );
}

/** The friends and business invitation pages (spec section 2, Friend invitation page). */
export function GroupInvitePage(props: GroupInvitePageProps) {
  const { kind, token, title } = props;
  const invitation = useInvitation(kind, token);
  const accept = useAcceptInvitation(kind, token);
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const signInAndReturn = useSignInAndReturn();

  if (invitation.isPending) return <FullPageSpinner />;
  if (invitation.isError || !invitation.data) {
    const message = serverMessage(invitation.error) ?? INVITATION_NOT_FOUND;
    return <InvalidInvitation message={message} homeLabel="Go to Homepage" />;
  }
  const status = inviteDisplayStatus(invitation.data);
  // A link whose friendship or membership was cut since cannot be used again.
  if (status === 'ended') return <InvalidInvitation message={INVITATION_NOT_FOUND} homeLabel="Go to Homepage" />;

  const goHome = () => navigate('/');
  let next: ReactNode;
  if (!user) {
    next = (
      <Outcome
        message="Please sign in to accept this invitation."
        action="Sign In"
        onAction={() => signInAndReturn()}
      />
    );
  } else if (status === 'accepted' && invitation.data.acceptedByYou) {
    next = <Outcome message="You have already accepted this invitation!" action="Go to Dashboard" onAction={goHome} />;
  } else if (status === 'accepted') {
    next = <Outcome message={INVITATION_USED} action="Go to Homepage" onAction={goHome} />;
  } else if (status === 'expired') {
    next = <Outcome message="This invitation has expired." action="Go to Homepage" onAction={goHome} />;
  } else {
    next = <AcceptSection page={props} accept={accept} />;
  }

  return (
    <InvitePageFrame
      title={title}
      subtitle={`${invitation.data.inviterName} invited you to join ${invitation.data.groupName}.`}
    >
      <InvitationDetails invitation={invitation.data} status={status} />
      {next}
    </InvitePageFrame>
  );
}
