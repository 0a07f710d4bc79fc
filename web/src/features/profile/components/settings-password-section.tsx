import { useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { fieldErrors, withoutError, type FieldErrors } from '../../../lib/field-errors';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/server-message';
import { ChangePasswordForm, useChangePassword } from '../api/change-password';
import { SettingsSection } from './settings-section';

type Field = keyof ChangePasswordForm;
const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS: ReadonlyArray<{ name: Field; label: 'current' | 'new' | 'confirm'; autoComplete: string }> = [
  { name: 'currentPassword', label: 'current', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'new', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'confirm', autoComplete: 'new-password' },
];

/** Change password: the current one first (the server checks it), then the new one twice. */
export function SettingsPasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<ChangePasswordForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const change = useChangePassword();

  if (!hasPassword) {
    return (
      <SettingsSection title={t('settings.password.title')}>
        <Typography color="text.secondary">{t('settings.password.noPassword')}</Typography>
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
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => setValues(EMPTY),
        onError: (error) => {
          if (isUnauthorizedError(error)) handleUnauthorized();
        },
      },
    );
  };

  return (
    <SettingsSection title={t('settings.password.title')}>
      <Box component="form" aria-label={t('settings.password.formLabel')} noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {change.isError && !isUnauthorizedError(change.error) && (
            <Alert severity="error">{serverMessage(change.error) ?? t('settings.password.failed')}</Alert>
          )}
          {FIELDS.map(({ name, label, autoComplete }) => (
            <TextField
              key={name}
              label={t(`settings.password.${label}`)}
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
            {t('settings.password.signsOut')}
          </Typography>
          <Box>
            <Button type="submit" variant="contained" disabled={change.isPending}>
              {change.isPending ? t('settings.password.changing') : t('settings.password.change')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsSection>
  );
}
