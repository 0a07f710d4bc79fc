import { useId } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { INVITATION_VALIDITY_DAYS } from '@civitas/events/invitations/invitation.contract';
import { BusinessMembersList } from './business-members-list';
import { InviteByEmailForm } from './invite-by-email-form';
import { SentInvitationsList } from './sent-invitations-list';
import { SectionCard } from '../../../components/section-card';

interface BusinessGroupCardProps {
  /** The owner's business group. */
  groupId: number;
  isSubscribed: boolean;
}

function InviteColleagues({ groupId, isSubscribed }: BusinessGroupCardProps) {
  const { t } = useTranslation(['invitations', 'common']);
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="h3" sx={{ mb: 1 }}>
        {t('business.inviteColleagues')}
      </Typography>
      {isSubscribed ? (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('business.inviteIntro', { count: INVITATION_VALIDITY_DAYS })}
          </Typography>
          <InviteByEmailForm kind="business" groupId={groupId} label={t('business.colleagueEmail')} />
        </>
      ) : (
        // The server refuses business invitations without a subscription; say so before the member tries.
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} href="/subscribe" color="inherit" size="small">
              {t('common:components.subscribeNow')}
            </Button>
          }
        >
          <AlertTitle>{t('business.subscriptionRequired')}</AlertTitle>
          {t('business.subscriptionRequiredText')}
        </Alert>
      )}
    </Box>
  );
}

/** docs/product.md, Screens, business group: invite colleagues, the invitations and members, and Remove member. */
export function BusinessGroupCard({ groupId, isSubscribed }: BusinessGroupCardProps) {
  const { t } = useTranslation('invitations');
  return (
    <SectionCard title={t('business.title')}>
      <Stack spacing={3} divider={<Divider flexItem />}>
        <InviteColleagues groupId={groupId} isSubscribed={isSubscribed} />
        <SentInvitationsList kind="business" groupId={groupId} title={t('business.invitations')} />
        <BusinessMembersList groupId={groupId} />
      </Stack>
    </SectionCard>
  );
}
