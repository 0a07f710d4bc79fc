import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { serverMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast-store';
import { RegisterInput, useRegister } from '../api/register';
import { fieldErrors, withoutError, type FieldErrors } from '../../../lib/field-errors';
import { useCompleteSignIn } from './use-complete-sign-in';

type Field = keyof RegisterInput;

const EMPTY_FORM: Record<Field, string> = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
};

const FIELDS: { name: Field; label: string; type?: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

export function CreateAccountForm() {
  const [form, setForm] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const registration = useRegister();
  const completeSignIn = useCompleteSignIn();
  const busy = registration.isPending || registration.isSuccess;

  const change = (field: Field, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RegisterInput.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    registration.mutate(parsed.data, {
      onSuccess: () => completeSignIn('Registration successful', 'Your account has been created!'),
      onError: (error) =>
        toast({
          title: 'Registration failed',
          description: serverMessage(error) ?? 'Failed to create account',
          variant: 'destructive',
        }),
    });
  };

  return (
    <Box component="form" aria-label="Create account" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {FIELDS.map(({ name, label, type, autoComplete }) => (
          <TextField
            key={name}
            name={name}
            label={label}
            type={type}
            autoComplete={autoComplete}
            required
            value={form[name]}
            onChange={(event) => change(name, event.target.value)}
            error={errors[name] !== undefined}
            helperText={errors[name]}
            fullWidth
          />
        ))}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </Stack>
    </Box>
  );
}
