import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { failureDescription } from '../../../components/query-error';
import { toast } from '../../../lib/toast-store';
import { useLogin } from '../api/login';
import { useCompleteSignIn } from './use-complete-sign-in';

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { t } = useTranslation('identity');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The server's reason stays beside the fields until the member changes them (the toast goes away).
  const [failure, setFailure] = useState<string | null>(null);
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  // Success keeps the form locked: the page reloads at / next.
  const busy = login.isPending || login.isSuccess;

  const change = (set: (value: string) => void, value: string) => {
    set(value);
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // docs/product.md, Rules: the visible sign-in form checks only that both fields are filled;
    // the server's schema answers anything else (e.g. 'Invalid email address').
    if (!email.trim() || !password) {
      toast({ title: t('signIn.validationTitle'), description: t('signIn.fieldsRequired'), variant: 'destructive' });
      return;
    }
    setFailure(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => completeSignIn(t('signIn.successTitle'), t('signIn.successDescription')),
        onError: (error) => {
          const description = failureDescription(error, t('signIn.failedDescription'));
          setFailure(description);
          toast({ title: t('signIn.failedTitle'), description, variant: 'destructive' });
        },
      },
    );
  };

  return (
    // noValidate: the browser's own bubbles would pre-empt the validation toast (docs/product.md, Rules).
    <Box component="form" aria-label={t('signIn.formLabel')} noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <TextField
          label={t('signIn.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => change(setEmail, event.target.value)}
          fullWidth
        />
        <TextField
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => change(setPassword, event.target.value)}
          fullWidth
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component="button" type="button" variant="body2" onClick={onForgotPassword}>
            {t('signIn.forgotPassword')}
          </Link>
        </Box>
        {failure && (
          <Alert severity="error">
            <span dir="auto">{failure}</span>
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
