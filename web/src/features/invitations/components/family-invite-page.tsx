import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useSignInAndReturn } from './use-sign-in-and-return';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { toast } from '../../../lib/toast-store';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { isSessionLost, signInToAccept, useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation, type InvitationLookup } from '../api/get-invitation';
import { InvalidInvitation } from './invalid-invitation';
import { InvitationBenefits } from './invitation-benefits';
import { InvitePageFrame } from './invite-page-frame';
import { inviteDisplayStatus } from './invite-page-status';

const FAMILY_BENEFITS = ['free', 'topics', 'vote', 'chat', 'elections'] as const;

type AcceptMutation = ReturnType<typeof useAcceptInvitation>;

function FamilyInvitation({ invitation, accept }: { invitation: InvitationLookup; accept: AcceptMutation }) {
  const { t } = useTranslation(['invitations', 'common']);
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const signInAndReturn = useSignInAndReturn();

  const onAccept = () => {
    if (!user) {
      toast(signInToAccept('family'));
      // Create Account first: the invitee is most often new here; the panel shows this invitation beside it.
      signInAndReturn('createAccount');
      return;
    }
    accept.mutate(undefined, {
      onSuccess: ({ groupId }) => {
        toast({ title: t('toasts.familyJoined'), description: t('toasts.familyJoinedDescription') });
        navigate(`/group/${groupId}`);
      },
      onError: (error) => {
        // A lost session is told by the mutation (see FamilyInvitePage).
        if (isSessionLost(error)) return;
        toast({
          title: t('toasts.error'),
          description: t('toasts.familyAcceptFailed'),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <InvitePageFrame title={t('familyPage.title')} subtitle={t('familyPage.subtitle')}>
      <Stack spacing={1} sx={{ textAlign: 'center' }}>
        <Typography>
          <Trans t={t} i18nKey="familyPage.invitationFor" values={{ email: invitation.email }} components={{ strong: <strong /> }} />
        </Typography>
        <Typography color="text.secondary">{t('familyPage.invitedYou', { inviter: invitation.inviterName, group: invitation.groupName })}</Typography>
      </Stack>
      <InvitationBenefits heading={t('familyPage.benefitsHeading')} benefits={FAMILY_BENEFITS.map((benefit) => t(`familyPage.benefits.${benefit}`))} />
      {!user && <Alert severity="warning">{t('familyPage.signInNeeded')}</Alert>}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => navigate('/')} disabled={accept.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="contained" onClick={onAccept} disabled={accept.isPending}>
          {accept.isPending ? t('page.accepting') : t('page.accept')}
        </Button>
      </Stack>
    </InvitePageFrame>
  );
}

/** /family-invite/<token>: signed in or out, the invitation into someone's family group. */
export function FamilyInvitePage({ token }: { token: string }) {
  const { t } = useTranslation('invitations');
  const invitation = useInvitation('family', token);
  const signInAndReturn = useSignInAndReturn();
  // The session ended while the page was open: same as accepting signed out, once the app
  // knows it (else / would still be the member's dashboard).
  const accept = useAcceptInvitation('family', token, { onSessionLost: () => signInAndReturn() });

  if (invitation.isPending) return <FullPageSpinner label={t('page.loading')} />;
  // Only a pending invitation can be accepted. While (and once) this page accepts it, the
  // cache turns it 'accepted': keep showing it until the member has moved on to the group.
  const usable = invitation.data !== undefined && (inviteDisplayStatus(invitation.data) === 'pending' || accept.isPending || accept.isSuccess);
  if (invitation.isError || !invitation.data || !usable) {
    return <InvalidInvitation message={t('familyPage.invalid')} homeLabel={t('page.goHome')} />;
  }
  return <FamilyInvitation invitation={invitation.data} accept={accept} />;
}
