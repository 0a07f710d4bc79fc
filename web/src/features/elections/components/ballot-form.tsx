import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HowToVoteIcon from '@mui/icons-material/HowToVote';
import { useTranslation } from 'react-i18next';
import { handleUnauthorized, isUnauthorizedError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/server-message';
import { toast } from '../../../lib/toast-store';
import { useCastBallot, type BallotBody } from '../api/cast-ballot';

export interface BallotSubmit {
  cast: (body: BallotBody, options: { description: string; onSuccess?: () => void }) => void;
  /** Forgets the last refusal: the member is changing the ballot. */
  reset: () => void;
  pending: boolean;
  /** The server's reason for refusing the last ballot (its `{ message }`), shown in the form. */
  error: string | null;
}

/** Casting a ranked or approval ballot: 'Ballot cast' as the plurality ballot says it; a refusal stays in the form. */
export function useBallotSubmit(topicId: string): BallotSubmit {
  const { t } = useTranslation('elections');
  const ballot = useCastBallot(topicId);
  const [error, setError] = useState<string | null>(null);
  return {
    cast: (body, { description, onSuccess }) => {
      setError(null);
      ballot.mutate(body, {
        onSuccess: () => {
          toast({ title: t('candidates.ballotCast'), description });
          onSuccess?.();
        },
        onError: (failure) => {
          if (isUnauthorizedError(failure)) {
            handleUnauthorized();
            return;
          }
          setError(serverMessage(failure) ?? t('candidates.ballotFailed'));
        },
      });
    },
    reset: () => setError(null),
    pending: ballot.isPending,
    error,
  };
}

interface BallotFormProps {
  label: string;
  onSubmit: (event: FormEvent) => void;
  submit: BallotSubmit;
  disabled: boolean;
  /** Whether the ballot on screen differs from the one the server has. */
  changed: boolean;
  children: ReactNode;
}

/** The frame of a ranked or approval ballot: its choices, the server's refusal if any, and Cast ballot. */
export function BallotForm({ label, onSubmit, submit, disabled, changed, children }: BallotFormProps) {
  const { t } = useTranslation('elections');
  return (
    <Box component="form" aria-label={label} noValidate onSubmit={onSubmit}>
      <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {children}
      {submit.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {submit.error}
        </Alert>
      )}
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" startIcon={<HowToVoteIcon aria-hidden />} disabled={disabled || submit.pending}>
          {submit.pending ? t('ballot.casting') : t('ballot.cast')}
        </Button>
        {changed && (
          <Typography variant="body2" color="text.secondary">
            {t('ballot.notCastYet')}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
