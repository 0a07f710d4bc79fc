import { useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldErrors, withoutError, type FieldErrors } from '../../../lib/field-errors';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/server-message';
import { ChangePasswordForm, useChangePassword } from '../api/change-password';
import { SettingsSection } from './settings-section';

type Field = keyof ChangePasswordForm;
const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS: ReadonlyArray<{ name: Field; label: string; autoComplete: string }> = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

/** Change password: the current one first (the server checks it), then the new one twice. */
export function SettingsPasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const [values, setValues] = useState<ChangePasswordForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const change = useChangePassword();

  if (!hasPassword) {
    return (
      <SettingsSection title="Password">
        <Typography color="text.secondary">You sign in with Google or Replit: your account has no password to change.</Typography>
      </SettingsSection>
    );
  }

  const edit = (name: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors((current) => withoutError(current, name));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChangePasswordForm.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    const { currentPassword, newPassword } = parsed.data;
    change.mutate({ currentPassword, newPassword }, {
      onSuccess: () => setValues(EMPTY),
      onError: (error) => {
        if (isUnauthorizedError(error)) handleUnauthorized();
      },
    });
  };

  return (
    <SettingsSection title="Password">
      <Box component="form" aria-label="Change password" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {change.isError && !isUnauthorizedError(change.error) && (
            <Alert severity="error">{serverMessage(change.error) ?? 'Failed to change password. Please try again.'}</Alert>
          )}
          {FIELDS.map(({ name, label, autoComplete }) => (
            <TextField
              key={name}
              label={label}
              type="password"
              autoComplete={autoComplete}
              required
              value={values[name]}
              onChange={edit(name)}
              error={errors[name] !== undefined}
              helperText={errors[name]}
              size="small"
              fullWidth
            />
          ))}
          <Typography variant="body2" color="text.secondary">
            Changing your password signs you out everywhere else.
          </Typography>
          <Box>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
