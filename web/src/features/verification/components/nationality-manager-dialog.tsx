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
import { COUNTRIES, type Country } from '@civitas/events/groups/countries';
import { DOCUMENT_REQUIRED, VerifyIdentityBody } from '@civitas/events/verification/verification.contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastCommandError } from '../../../lib/command-error-toast';
import { fieldErrors, withoutError, type FieldErrors } from '../../../lib/field-errors';
import { toast } from '../../../lib/toast-store';
import { useMyVerifications, type VerificationView } from '../api/get-my-verifications';
import { useRemoveVerification, useSubmitVerification } from '../api/submit-verification';
import { DocumentImageField, documentImageProblem } from './document-image-field';
import { VerificationList } from './verification-list';

type Field = 'country' | 'nationalId' | 'documentImage';

const SUBMIT_FAILED = 'Failed to submit verification. Please try again.';

/** Add a nationality: the first by national id alone (verified at once), any other with a document an admin reviews. */
function AddNationalityForm({ hasClaims }: { hasClaims: boolean }) {
  const [country, setCountry] = useState<Country | null>(null);
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
    submit.mutate({ ...parsed.data, documentImage: document }, {
      onSuccess: (reply) => {
        toast(reply.verification.status === 'approved'
          ? { title: 'Verification Complete', description: `Your ${reply.verification.country} nationality is verified.` }
          : { title: 'Additional Nationality Submitted', description: `Your ${reply.verification.country} nationality is pending admin approval.` });
        setCountry(null);
        setNationalId('');
        setDocument(null);
      },
      onError: (error) => toastCommandError(error, 'Verification Failed', SUBMIT_FAILED),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Add a nationality">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        Add a nationality
      </Typography>
      <Stack spacing={2}>
        <Autocomplete
          options={COUNTRIES}
          value={country}
          onChange={(_, value) => {
            setCountry(value);
            clearError('country');
          }}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.code === value.code}
          renderInput={(params) => <TextField {...params} label="Country" required error={errors.country !== undefined} helperText={errors.country} />}
        />
        <TextField
          label="National ID / Passport"
          name="nationalId"
          required
          autoComplete="off"
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
          helperText={hasClaims
            ? 'Required for an additional nationality: JPG, PNG or GIF, at most 5 MB. An admin reviews it.'
            : 'Not needed for your first nationality, which is verified at once. With a document (JPG, PNG or GIF, at most 5 MB), an admin reviews it.'}
          disabled={submit.isPending}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={submit.isPending}>
            {submit.isPending ? 'Submitting...' : 'Submit Verification'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ManagerContent() {
  const verifications = useMyVerifications();
  const [removing, setRemoving] = useState<VerificationView | null>(null);
  const remove = useRemoveVerification();

  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast({ title: 'Verification Removed', description: `Your ${removing.country} verification was removed.` });
        setRemoving(null);
      },
      onError: (error) => toastCommandError(error, 'Verification Failed', 'Failed to remove verification. Please try again.'),
    });
  };

  return (
    <DialogContent>
      <Stack spacing={3}>
        {verifications.isPending && <Typography role="status" color="text.secondary">Loading your verifications...</Typography>}
        {verifications.isError && <Alert severity="error">Could not load your verifications: {verifications.error.message}</Alert>}
        {verifications.isSuccess && <VerificationList verifications={verifications.data} onRemove={setRemoving} />}
        <Divider />
        {/* Until the list is known, a first claim cannot be told from an additional one. */}
        {verifications.isSuccess && <AddNationalityForm hasClaims={verifications.data.length > 0} />}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title="Remove this verification?"
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setRemoving(null)}
      >
        {removing?.status === 'approved'
          ? `You will no longer take part in the ${removing.country} National group as a citizen.`
          : `Your ${removing?.country ?? ''} claim will be withdrawn.`}
      </ConfirmDialog>
    </DialogContent>
  );
}

interface NationalityManagerDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The nationality verification manager (spec section 2, Dialogs): the member's claims, add one, remove one. */
export function NationalityManagerDialog({ open, onClose }: NationalityManagerDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Nationality Verification</DialogTitle>
      {/* Mounted only while open: every opening reads the claims again and starts with an empty form. */}
      {open && <ManagerContent />}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
