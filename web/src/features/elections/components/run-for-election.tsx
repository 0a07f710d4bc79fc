import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import { STATEMENT_MAX_LENGTH } from '@civitas/events/elections/election.contract';
import { toast } from '../../../lib/toast-store';
import { toastCandidacyError } from './candidacy-error';

interface RunForElectionProps {
  alreadyRunning: boolean;
  pending: boolean;
  /** Sends the candidacy (the statement trimmed, undefined when none was written); `onRegistered` once it landed. */
  register: (statement: string | undefined, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  variant?: 'contained' | 'outlined';
}

/**
 * Run for Election with an optional statement, wherever a member can stand (the election's page, the
 * group's leadership card); 'Already Running' once registered (docs/product.md, States).
 */
export function RunForElection({ alreadyRunning, pending, register, variant = 'contained' }: RunForElectionProps) {
  const { t } = useTranslation(['elections', 'common']);
  const [open, setOpen] = useState(false);
  const [statement, setStatement] = useState('');

  if (alreadyRunning) {
    return (
      <Button variant="outlined" disabled startIcon={<CheckCircleIcon aria-hidden />} sx={{ alignSelf: 'flex-start' }}>
        {t('run.alreadyRunning')}
      </Button>
    );
  }
  if (!open) {
    return (
      <Button variant={variant} onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }}>
        {t('run.runForElection')}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register(statement.trim() || undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: t('run.registered'), description: t('run.registeredDescription') });
      },
      onError: toastCandidacyError,
    });
  };
  return (
    <Stack component="form" aria-label={t('run.runForElection')} spacing={1.5} noValidate onSubmit={submit}>
      <TextField
        label={t('run.statement')}
        multiline
        minRows={3}
        value={statement}
        onChange={(event) => setStatement(event.target.value.slice(0, STATEMENT_MAX_LENGTH))}
        helperText={t('run.statementHelp', { length: statement.length, max: STATEMENT_MAX_LENGTH })}
        slotProps={{ htmlInput: { maxLength: STATEMENT_MAX_LENGTH, dir: 'auto' } }}
        fullWidth
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => setOpen(false)} disabled={pending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {pending ? t('run.registering') : t('run.register')}
        </Button>
      </Stack>
    </Stack>
  );
}
