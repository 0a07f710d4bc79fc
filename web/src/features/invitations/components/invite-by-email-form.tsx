import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { useTranslation } from 'react-i18next';
import { flipInRtl } from '../../../lib/flip-in-rtl';
import { InviteBody, useInvite } from '../api/invite';
import type { InvitationKind } from '../api/get-invitations';

interface InviteByEmailFormProps {
  kind: InvitationKind;
  groupId: number;
  label: string;
}

/** One e-mail address, checked by the contract's own rule before it is sent. */
export function InviteByEmailForm({ kind, groupId, label }: InviteByEmailFormProps) {
  const { t } = useTranslation('invitations');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useInvite(kind, groupId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = InviteBody.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('form.invalidEmail'));
      return;
    }
    setError(null);
    // The toasts and the list refresh happen in the mutation; an empty field is ready for the next one.
    invite.mutate(parsed.data, { onSuccess: () => setEmail('') });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      <TextField
        label={label}
        type="email"
        name="email"
        autoComplete="off"
        size="small"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error}
        fullWidth
      />
      <Button
        type="submit"
        variant="contained"
        startIcon={<SendIcon aria-hidden sx={flipInRtl} />}
        disabled={invite.isPending}
        sx={{ flexShrink: 0, height: 40 }}
      >
        {invite.isPending ? t('form.sending') : t('form.send')}
      </Button>
    </Box>
  );
}
