import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASON_MAX_LENGTH } from '@civitas/events/moderation/roles.contract';

/** The reason an admin gives for a role change or a ban: 3 rows, at most 500 characters (the server's limit). */
export function ModerationReasonField({ value, onChange, required = false }: { value: string; onChange: (value: string) => void; required?: boolean }) {
  const { t } = useTranslation('moderation');
  return (
    <TextField
      label={required ? t('reason.required') : t('reason.optional')}
      required={required}
      multiline
      rows={3}
      value={value}
      onChange={(event) => onChange(event.target.value.slice(0, MODERATION_REASON_MAX_LENGTH))}
      helperText={`${value.length}/${MODERATION_REASON_MAX_LENGTH}`}
      slotProps={{ htmlInput: { maxLength: MODERATION_REASON_MAX_LENGTH }, formHelperText: { sx: { textAlign: 'right', mx: 0 } } }}
      fullWidth
    />
  );
}
