import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface ReviewFormProps {
  titleId: string;
  /** What is reviewed: its category and the member's words, when the reviewer should see them. */
  item?: { heading: string; content: string };
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  /** The decision's fields (status, priority, notes). */
  children: ReactNode;
}

/** The body and actions every review dialog of moderation shares. */
export function ReviewForm({ titleId, item, pending, submitLabel, onSubmit, onClose, children }: ReviewFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogContent>
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
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? 'Updating...' : submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}
