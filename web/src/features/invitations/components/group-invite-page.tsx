import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INVITATION_NOT_FOUND, INVITATION_USED } from '@civitas/events/invitations/invitation.contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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
import { Ltr } from '../../../components/bidi';

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

/**
 * The contract's own messages (the server answers with them too) in the interface language; any
 * other server message is shown as sent.
 */
function invitationMessage(t: TFunction<'invitations'>, message: string): string {
  if (message === INVITATION_NOT_FOUND) return t('page.notFound');
  if (message === INVITATION_USED) return t('page.used');
  return message;
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
  const { t } = useTranslation('invitations');
  return (
    <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
      <DetailRow label={t('page.status')}>
        <InvitationStatusChip status={status} />
      </DetailRow>
      <DetailRow label={t('page.invitedTo')}>
        <Ltr>{invitation.email}</Ltr>
      </DetailRow>
      <DetailRow label={t('page.expires')}>{formatDisplayDate(invitation.expiresAt)}</DetailRow>
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

/** Signed out: the spec's line and Sign In, and Create Account first, which an invitee most often needs. */
function SignedOutOutcome({ onSignIn, onCreateAccount }: { onSignIn: () => void; onCreateAccount: () => void }) {
  const { t } = useTranslation('invitations');
  const messageId = useId();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography id={messageId}>{t('page.signInToAccept')}</Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="contained" onClick={onCreateAccount} aria-describedby={messageId}>
          {t('page.createAccount')}
        </Button>
        <Button variant="outlined" onClick={onSignIn} aria-describedby={messageId}>
          {t('page.signIn')}
        </Button>
      </Stack>
    </Stack>
  );
}

type AcceptMutation = ReturnType<typeof useAcceptInvitation>;

function AcceptSection({ page, accept }: { page: GroupInvitePageProps; accept: AcceptMutation }) {
  const { t } = useTranslation('invitations');
  const [, navigate] = useLocation();

  const onAccept = () =>
    accept.mutate(undefined, {
      onSuccess: ({ groupId }) => {
        toast({ title: t('toasts.accepted'), description: page.joinedDescription });
        if (page.destinationAfterAccept) navigate(page.destinationAfterAccept(groupId));
      },
      onError: (error) => {
        // The session ended while the page was open: the mutation told the member, and the page
        // turns to its signed-out state.
        if (isSessionLost(error)) return;
        toast({
          title: t('toasts.error'),
          description: serverMessage(error) ?? t('toasts.acceptFailed'),
          variant: 'destructive',
        });
      },
    });

  return (
    <>
      <InvitationBenefits heading={t('page.memberBenefits')} benefits={page.benefits} />
      <Button variant="contained" size="large" onClick={onAccept} disabled={accept.isPending}>
        {accept.isPending ? t('page.accepting') : t('page.accept')}
      </Button>
    </>
  );
}

/** The friends and business invitation pages (docs/product.md, Screens: Invitation pages). */
export function GroupInvitePage(props: GroupInvitePageProps) {
  const { kind, token, title } = props;
  const { t } = useTranslation('invitations');
  const invitation = useInvitation(kind, token);
  const accept = useAcceptInvitation(kind, token);
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const signInAndReturn = useSignInAndReturn();

  if (invitation.isPending) return <FullPageSpinner />;
  if (invitation.isError || !invitation.data) {
    const message = serverMessage(invitation.error) ?? INVITATION_NOT_FOUND;
    return <InvalidInvitation message={invitationMessage(t, message)} homeLabel={t('page.goHomepage')} />;
  }
  const status = inviteDisplayStatus(invitation.data);
  // A link whose friendship or membership was cut since cannot be used again.
  if (status === 'ended') return <InvalidInvitation message={t('page.notFound')} homeLabel={t('page.goHomepage')} />;

  const goHome = () => navigate('/');
  let next: ReactNode;
  if (!user) {
    next = <SignedOutOutcome onSignIn={() => signInAndReturn()} onCreateAccount={() => signInAndReturn('createAccount')} />;
  } else if (status === 'accepted' && invitation.data.acceptedByYou) {
    next = <Outcome message={t('page.alreadyAccepted')} action={t('page.goDashboard')} onAction={goHome} />;
  } else if (status === 'accepted') {
    next = <Outcome message={t('page.used')} action={t('page.goHomepage')} onAction={goHome} />;
  } else if (status === 'expired') {
    next = <Outcome message={t('page.expired')} action={t('page.goHomepage')} onAction={goHome} />;
  } else {
    next = <AcceptSection page={props} accept={accept} />;
  }

  return (
    <InvitePageFrame title={title} subtitle={t('page.invitedYou', { inviter: invitation.data.inviterName, group: invitation.data.groupName })}>
      <InvitationDetails invitation={invitation.data} status={status} />
      {next}
    </InvitePageFrame>
  );
}
