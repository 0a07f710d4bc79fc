import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { serverMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast-store';
import { useLogin } from '../api/login';
import { useCompleteSignIn } from './use-complete-sign-in';

export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  // Success keeps the form locked: the page reloads at / next.
  const busy = login.isPending || login.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec section 5: the visible sign-in form checks only that both fields are filled;
    // the server's schema answers anything else (e.g. 'Invalid email address').
    if (!email.trim() || !password) {
      toast({ title: 'Validation error', description: 'Email and password are required', variant: 'destructive' });
      return;
    }
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => completeSignIn('Login successful', 'Welcome back!'),
        onError: (error) =>
          toast({
            title: 'Login failed',
            description: serverMessage(error) ?? 'Invalid email or password',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    // noValidate: the browser's own bubbles would pre-empt the spec's validation toast.
    <Box component="form" aria-label="Sign in with email" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          fullWidth
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          fullWidth
        />
        <Box sx={{ textAlign: 'right' }}>
          <Link component="button" type="button" variant="body2" onClick={onForgotPassword}>
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </Stack>
    </Box>
  );
}
