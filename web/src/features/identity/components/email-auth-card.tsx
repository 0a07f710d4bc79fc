import { useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { flipInRtl } from '../../../lib/flip-in-rtl';
import { CreateAccountForm } from './create-account-form';
import { SignInForm } from './sign-in-form';

export type EmailAuthTab = 'signin' | 'register';

interface EmailAuthCardProps {
  tab: EmailAuthTab;
  onTabChange: (tab: EmailAuthTab) => void;
  onForgotPassword: () => void;
  onBack: () => void;
}

export function EmailAuthCard({ tab, onTabChange, onForgotPassword, onBack }: EmailAuthCardProps) {
  const { t } = useTranslation('identity');
  const idPrefix = useId();
  const tabId = (value: EmailAuthTab) => `${idPrefix}-tab-${value}`;
  const panelId = `${idPrefix}-panel`;

  return (
    <Card variant="outlined">
      <Tabs value={tab} onChange={(_, value: EmailAuthTab) => onTabChange(value)} variant="fullWidth">
        <Tab label={t('panel.signInTab')} value="signin" id={tabId('signin')} aria-controls={panelId} />
        <Tab label={t('panel.createAccountTab')} value="register" id={tabId('register')} aria-controls={panelId} />
      </Tabs>
      <CardContent>
        <Box role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
          {tab === 'signin' ? <SignInForm onForgotPassword={onForgotPassword} /> : <CreateAccountForm />}
        </Box>
        <Link component="button" type="button" variant="body2" onClick={onBack} sx={{ mt: 2, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <ArrowBackIcon fontSize="inherit" aria-hidden sx={flipInRtl} />
          {t('panel.backToOptions')}
        </Link>
      </CardContent>
    </Card>
  );
}
