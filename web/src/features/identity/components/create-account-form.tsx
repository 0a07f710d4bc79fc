import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { failureDescription } from '../../../components/query-error';
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

// Each field's label is the text `register.<name>`.
const FIELDS: { name: Field; type?: string; autoComplete: string }[] = [
  { name: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
];

export function CreateAccountForm() {
  const { t } = useTranslation('identity');
  const [form, setForm] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  // The server's refusal (an address in use, too many attempts) stays beside the fields until they change.
  const [failure, setFailure] = useState<string | null>(null);
  const registration = useRegister();
  const completeSignIn = useCompleteSignIn();
  const busy = registration.isPending || registration.isSuccess;

  const change = (field: Field, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RegisterInput.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    registration.mutate(parsed.data, {
      onSuccess: () => completeSignIn(t('register.successTitle'), t('register.successDescription')),
      onError: (error) => {
        const description = failureDescription(error, t('register.failedDescription'));
        setFailure(description);
        toast({ title: t('register.failedTitle'), description, variant: 'destructive' });
      },
    });
  };

  return (
    <Box component="form" aria-label={t('register.formLabel')} noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {FIELDS.map(({ name, type, autoComplete }) => (
          <TextField
            key={name}
            name={name}
            label={t(`register.${name}`)}
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
        {failure && (
          <Alert severity="error">
            <span dir="auto">{failure}</span>
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t('register.submitting') : t('register.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
