import { useId, useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Country } from '@civitas/events/groups/countries';
import { useCountryOptions } from '../../../lib/country-name';
import { fieldErrors, withoutError, type FieldErrors } from '../../../lib/field-errors';
import { useVerifyIdentity, VerifyIdentityBody } from '../api/verify-identity';

type Field = keyof VerifyIdentityBody;

interface VerifyIdentityDialogProps {
  open: boolean;
  onClose: () => void;
}

function VerifyIdentityForm({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const { t } = useTranslation('verification');
  const [country, setCountry] = useState<Country | null>(null);
  const countries = useCountryOptions();
  const [nationalId, setNationalId] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const verify = useVerifyIdentity();

  const clearError = (field: Field) => setErrors((current) => withoutError(current, field));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's own rules, so the texts match what the server would answer.
    const parsed = VerifyIdentityBody.safeParse({ country: country?.name ?? '', nationalId });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    // The toasts and refreshes happen in the mutation; closing is all that is left here.
    verify.mutate(parsed.data, { onSuccess: onClose });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('dialog.text')}</DialogContentText>
        <Stack spacing={2}>
          <Autocomplete
            options={countries.options}
            value={country}
            onChange={(_, value) => {
              setCountry(value);
              clearError('country');
            }}
            getOptionLabel={countries.label}
            isOptionEqualToValue={(option, value) => option.code === value.code}
            renderInput={(params) => (
              <TextField {...params} label={t('fields.country')} required error={errors.country !== undefined} helperText={errors.country} />
            )}
          />
          <TextField
            label={t('fields.nationalId')}
            name="nationalId"
            required
            autoComplete="off"
            slotProps={{ htmlInput: { dir: 'ltr' } }}
            value={nationalId}
            onChange={(event) => {
              setNationalId(event.target.value);
              clearError('nationalId');
            }}
            error={errors.nationalId !== undefined}
            helperText={errors.nationalId}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={verify.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={verify.isPending}>
          {verify.isPending ? t('dialog.verifying') : t('dialog.verify')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** The simple identity verification (docs/product.md, Screens): country and national ID or passport number. */
export function VerifyIdentityDialog({ open, onClose }: VerifyIdentityDialogProps) {
  const { t } = useTranslation('verification');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('dialog.title')}</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {open && <VerifyIdentityForm titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}
