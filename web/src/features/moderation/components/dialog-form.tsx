import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface DialogFormProps {
  titleId: string;
  /** A line saying what the form is for. */
  intro?: ReactNode;
  /** What is reviewed: its category and the member's words, when the reviewer should see them. */
  item?: { heading: string; content: string };
  pending: boolean;
  submitLabel: string;
  /** The submit button's text while the request runs. */
  pendingLabel?: string;
  onSubmit: () => void;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
}

/** The body and actions every form dialog of moderation shares (submissions and reviews). */
export function DialogForm({ titleId, intro, item, pending, submitLabel, pendingLabel, onSubmit, onClose, children }: DialogFormProps) {
  const { t } = useTranslation('moderation');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogContent>
        {intro && <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>}
        <Stack spacing={2}>
          {item && (
            <Box>
              <Typography variant="subtitle2">{item.heading}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {item.content}
              </Typography>
            </Box>
          )}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? (pendingLabel ?? t('common.updating')) : submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}
