import { useState, type FormEvent } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { personName } from '@civitas/events/person-name';
import type { CandidateView } from '../api/get-candidates';
import { BallotForm, useBallotSubmit } from './ballot-form';

interface ApprovalBallotProps {
  topicId: string;
  candidates: readonly CandidateView[];
  /** The candidates the member's ballot approves, as the server has it. */
  standing: readonly string[];
  disabled: boolean;
}

const sameSet = (a: ReadonlySet<string>, b: readonly string[]) => a.size === b.length && b.every((id) => a.has(id));

/** The approval ballot (issue #34): a check box per candidate; Cast sends `{ approvals }` in the list's order. */
export function ApprovalBallot({ topicId, candidates, standing, disabled }: ApprovalBallotProps) {
  const { t } = useTranslation('elections');
  const [draft, setDraft] = useState<ReadonlySet<string> | null>(null);
  const submit = useBallotSubmit(topicId);
  const approved = draft ?? new Set(standing);

  const toggle = (id: string, on: boolean) => {
    const next = new Set(approved);
    if (on) next.add(id);
    else next.delete(id);
    setDraft(next);
    submit.reset();
  };

  const cast = (event: FormEvent) => {
    event.preventDefault();
    const approvals = candidates.filter((candidate) => approved.has(candidate.id)).map((candidate) => candidate.id);
    submit.cast({ approvals }, { description: t('approval.castDescription', { count: approvals.length }), onSuccess: () => setDraft(null) });
  };

  return (
    <BallotForm label={t('approval.title')} onSubmit={cast} submit={submit} disabled={disabled} changed={!sameSet(approved, standing)}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('approval.instructions')}
      </Typography>
      <FormGroup aria-label={t('approval.title')}>
        {candidates.map((candidate) => (
          <FormControlLabel
            key={candidate.id}
            control={<Checkbox checked={approved.has(candidate.id)} onChange={(event) => toggle(candidate.id, event.target.checked)} />}
            label={
              <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                {t('approval.approve', { name: personName(candidate.user) })}
              </Typography>
            }
            disabled={disabled}
          />
        ))}
      </FormGroup>
    </BallotForm>
  );
}
