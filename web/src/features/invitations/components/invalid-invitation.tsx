import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { InvitePageFrame } from './invite-page-frame';

interface InvalidInvitationProps {
  message: string;
  /** The family page says 'Go to Home', the friend page 'Go to Homepage' (docs/product.md, Screens). */
  homeLabel: string;
}

export function InvalidInvitation({ message, homeLabel }: InvalidInvitationProps) {
  const { t } = useTranslation('invitations');
  const [, navigate] = useLocation();
  return (
    <InvitePageFrame title={t('page.invalidTitle')}>
      <Typography sx={{ textAlign: 'center' }}>{message}</Typography>
      <Button variant="contained" onClick={() => navigate('/')} sx={{ alignSelf: 'center' }}>
        {homeLabel}
      </Button>
    </InvitePageFrame>
  );
}
