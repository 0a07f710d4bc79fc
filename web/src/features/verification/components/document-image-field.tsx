import { useId } from 'react';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES, DOCUMENT_NOT_AN_IMAGE, DOCUMENT_TOO_LARGE } from '@civitas/events/verification/verification.contract';

/** The browser's own checks of a chosen file (the server checks the content again): its size and declared type. */
export function documentImageProblem(file: File): string | null {
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_TOO_LARGE;
  if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(file.type)) return DOCUMENT_NOT_AN_IMAGE;
  return null;
}

interface DocumentImageFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  helperText: string;
  disabled?: boolean;
}

/** A document image picker: JPG, PNG or GIF, at most 5 MB (docs/product.md, Rules and Constants). */
export function DocumentImageField({ file, onChange, error, helperText, disabled }: DocumentImageFieldProps) {
  const { t } = useTranslation('verification');
  const inputId = useId();
  const helpId = useId();
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon aria-hidden />} disabled={disabled}>
          {file ? t('document.change') : t('document.choose')}
        </Button>
        <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere' }}>
          {file ? file.name : t('document.none')}
        </Typography>
      </Stack>
      <input
        id={inputId}
        type="file"
        aria-label={t('document.label')}
        aria-describedby={helpId}
        aria-invalid={error !== undefined}
        accept={DOCUMENT_CONTENT_TYPES.join(',')}
        hidden
        disabled={disabled}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <FormHelperText id={helpId} error={error !== undefined}>
        {error ?? helperText}
      </FormHelperText>
    </Stack>
  );
}
