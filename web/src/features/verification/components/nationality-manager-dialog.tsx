import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Country } from '@civitas/events/groups/countries';
import { DOCUMENT_REQUIRED, VerifyIdentityBody } from '@civitas/events/verification/verification.contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastCommandError } from '../../../lib/command-error-toast';
import { useCountryName, useCountryOptions } from '../../../lib/country-name';
import { fieldErrors, withoutError, type FieldErrors } from '../../../lib/field-errors';
import { toast } from '../../../lib/toast-store';
import { useMyVerifications, type VerificationView } from '../api/get-my-verifications';
import { useRemoveVerification, useSubmitVerification } from '../api/submit-verification';
import { DocumentImageField, documentImageProblem } from './document-image-field';
import { VerificationList } from './verification-list';

type Field = 'country' | 'nationalId' | 'documentImage';

/** Add a nationality: the first by national id alone (verified at once), any other with a document an admin reviews. */
function AddNationalityForm({ hasClaims }: { hasClaims: boolean }) {
  const { t } = useTranslation('verification');
  const [country, setCountry] = useState<Country | null>(null);
  const countries = useCountryOptions();
  const countryName = useCountryName();
  const [nationalId, setNationalId] = useState('');
  const [document, setDocument] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const submit = useSubmitVerification();
  const clearError = (field: Field) => setErrors((current) => withoutError(current, field));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's own rules, so the texts match what the server would answer.
    const parsed = VerifyIdentityBody.safeParse({ country: country?.name ?? '', nationalId });
    const found: FieldErrors<Field> = parsed.success ? {} : fieldErrors<Field>(parsed.error);
    const documentError = document ? documentImageProblem(document) : hasClaims ? DOCUMENT_REQUIRED : null;
    if (documentError) found.documentImage = documentError;
    setErrors(found);
    if (!parsed.success || documentError) return;
    submit.mutate(
      { ...parsed.data, documentImage: document },
      {
        onSuccess: (reply) => {
          toast(
            reply.verification.status === 'approved'
              ? { title: t('toasts.completeTitle'), description: t('toasts.complete', { country: countryName(reply.verification.country) }) }
              : { title: t('toasts.additionalTitle'), description: t('toasts.additional', { country: countryName(reply.verification.country) }) },
          );
          setCountry(null);
          setNationalId('');
          setDocument(null);
        },
        onError: (error) => toastCommandError(error, t('toasts.failedTitle'), t('toasts.submitFailed')),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('manager.add')}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        {t('manager.add')}
      </Typography>
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
        <DocumentImageField
          file={document}
          onChange={(file) => {
            setDocument(file);
            setErrors((current) => {
              const problem = file ? documentImageProblem(file) : null;
              return problem ? { ...current, documentImage: problem } : withoutError(current, 'documentImage');
            });
          }}
          error={errors.documentImage}
          helperText={hasClaims ? t('manager.helpAdditional') : t('manager.helpFirst')}
          disabled={submit.isPending}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={submit.isPending}>
            {submit.isPending ? t('manager.submitting') : t('manager.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ManagerContent() {
  const { t } = useTranslation('verification');
  const verifications = useMyVerifications();
  const [removing, setRemoving] = useState<VerificationView | null>(null);
  const remove = useRemoveVerification();
  const countryName = useCountryName();

  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast({ title: t('toasts.removedTitle'), description: t('toasts.removed', { country: countryName(removing.country) }) });
        setRemoving(null);
      },
      onError: (error) => toastCommandError(error, t('toasts.failedTitle'), t('toasts.removeFailed')),
    });
  };

  return (
    <DialogContent>
      <Stack spacing={3}>
        {verifications.isPending && (
          <Typography role="status" color="text.secondary">
            {t('manager.loading')}
          </Typography>
        )}
        {verifications.isError && <Alert severity="error">{t('manager.loadFailed', { message: verifications.error.message })}</Alert>}
        {verifications.isSuccess && <VerificationList verifications={verifications.data} onRemove={setRemoving} />}
        <Divider />
        {/* Until the list is known, a first claim cannot be told from an additional one. */}
        {verifications.isSuccess && <AddNationalityForm hasClaims={verifications.data.length > 0} />}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('manager.removeTitle')}
        confirmLabel={t('manager.remove')}
        pendingLabel={t('manager.removing')}
        pending={remove.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setRemoving(null)}
      >
        {removing?.status === 'approved'
          ? t('manager.removeApproved', { country: countryName(removing.country) })
          : t('manager.removeClaim', { country: removing ? countryName(removing.country) : '' })}
      </ConfirmDialog>
    </DialogContent>
  );
}

interface NationalityManagerDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The nationality verification manager (docs/product.md, Screens, Dialogs): the member's claims, add one, remove one. */
export function NationalityManagerDialog({ open, onClose }: NationalityManagerDialogProps) {
  const { t } = useTranslation('verification');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('manager.title')}</DialogTitle>
      {/* Mounted only while open: every opening reads the claims again and starts with an empty form. */}
      {open && <ManagerContent />}
      <DialogActions>
        <Button onClick={onClose}>{t('manager.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
