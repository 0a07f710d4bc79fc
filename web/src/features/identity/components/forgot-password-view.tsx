import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../lib/server-message';
import { flipInRtl } from '../../../lib/flip-in-rtl';
import { ForgotPasswordInput, useForgotPassword, type ForgotPasswordResponse } from '../api/forgot-password';

function BackToSignIn({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('identity');
  return (
    <Link component="button" type="button" variant="body2" onClick={onBack} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <ArrowBackIcon fontSize="inherit" aria-hidden sx={flipInRtl} />
      {t('forgot.backToSignIn')}
    </Link>
  );
}

function CheckYourEmail({ response, onBack }: { response: ForgotPasswordResponse; onBack: () => void }) {
  const { t } = useTranslation('identity');
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <MarkEmailReadIcon color="success" aria-hidden />
        <Typography component="h3" variant="h3">
          {t('forgot.checkEmail')}
        </Typography>
      </Stack>
      <Typography color="text.secondary">{t('forgot.success')}</Typography>
      {/* Only servers without mail transport send the link back (local use and tests). */}
      {response.resetUrl && (
        <Alert severity="info" sx={{ width: '100%', wordBreak: 'break-all' }}>
          {t('forgot.forTesting')} <Link href={response.resetUrl}>{response.resetUrl}</Link>
        </Alert>
      )}
      <BackToSignIn onBack={onBack} />
    </Stack>
  );
}

export function ForgotPasswordView({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('identity');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const forgotPassword = useForgotPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ForgotPasswordInput.safeParse({ email });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setEmailError(null);
    forgotPassword.mutate(parsed.data);
  };

  return (
    <Card variant="outlined">
      <CardContent>
        {forgotPassword.isSuccess ? (
          <CheckYourEmail response={forgotPassword.data} onBack={onBack} />
        ) : (
          <Box component="form" aria-label={t('forgot.formLabel')} noValidate onSubmit={submit}>
            <Stack spacing={2}>
              <Typography component="h3" variant="h3">
                {t('forgot.heading')}
              </Typography>
              <Typography color="text.secondary">{t('forgot.lead')}</Typography>
              {forgotPassword.isError && <Alert severity="error">{serverMessage(forgotPassword.error) ?? t('forgot.failed')}</Alert>}
              <TextField
                label={t('forgot.email')}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setEmailError(null);
                }}
                error={emailError !== null}
                helperText={emailError}
                fullWidth
              />
              <Button type="submit" variant="contained" size="large" disabled={forgotPassword.isPending}>
                {forgotPassword.isPending ? t('forgot.submitting') : t('forgot.submit')}
              </Button>
              <Box>
                <BackToSignIn onBack={onBack} />
              </Box>
            </Stack>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
