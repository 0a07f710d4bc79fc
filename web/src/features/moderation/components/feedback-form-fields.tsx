import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { NOTES_MAX_LENGTH } from '@civitas/events/moderation/feedback.contract';
import { FEEDBACK_CONTENT_MAX_LENGTH } from '@civitas/events/moderation/moderation.constants';

interface ChoiceSelectProps<Choice extends string> {
  label: string;
  placeholder: string;
  value: Choice | '';
  options: Record<Choice, string>;
  onChange: (value: Choice | '') => void;
}

/** One of a fixed list (a category of section 9, a status, a priority), none chosen at first. */
export function ChoiceSelect<Choice extends string>({ label, placeholder, value, options, onChange }: ChoiceSelectProps<Choice>) {
  return (
    <TextField
      select
      label={label}
      required
      value={value}
      onChange={(event) => onChange(event.target.value as Choice | '')}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth
    >
      <option value="">{placeholder}</option>
      {(Object.entries(options) as Array<[Choice, string]>).map(([choice, text]) => (
        <option key={choice} value={choice}>
          {text}
        </option>
      ))}
    </TextField>
  );
}

interface DetailsFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}

/** Details with the counter out of 2000 (section 2 'Dialogs'); longer text is cut, typed or pasted. */
export function DetailsField({ value, onChange, placeholder }: DetailsFieldProps) {
  const { t } = useTranslation('moderation');
  return (
    <TextField
      label={t('common.details')}
      required
      multiline
      minRows={4}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value.slice(0, FEEDBACK_CONTENT_MAX_LENGTH))}
      helperText={`${value.length}/${FEEDBACK_CONTENT_MAX_LENGTH}`}
      slotProps={{
        htmlInput: { maxLength: FEEDBACK_CONTENT_MAX_LENGTH },
        formHelperText: { sx: { textAlign: 'right', mx: 0 } },
      }}
      fullWidth
    />
  );
}

/** A reviewer's notes: a text area of 4 rows (section 2 'Admin panel'), optional. */
export function NotesField({ value, onChange, label }: { value: string; onChange: (value: string) => void; label?: string }) {
  const { t } = useTranslation('moderation');
  return (
    <TextField
      label={label ?? t('common.notes')}
      multiline
      rows={4}
      value={value}
      onChange={(event) => onChange(event.target.value.slice(0, NOTES_MAX_LENGTH))}
      slotProps={{ htmlInput: { maxLength: NOTES_MAX_LENGTH } }}
      fullWidth
    />
  );
}
