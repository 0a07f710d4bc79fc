import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import GavelIcon from '@mui/icons-material/Gavel';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isQuorumTopicType, type QuorumTopicType } from '@civitas/events/groups/quorum';
import { topicTypesFor } from '@civitas/events/topics/topic-rules';
import { MAIN_ELECTION_DEPARTMENTS } from '@civitas/events/elections/election.contract';
import { QueryErrorAlert } from '../../../components/query-error';
import { SectionCard } from '../../../components/section-card';
import { toastCommandError } from '../../../lib/command-error-toast';
import { toast } from '../../../lib/toast-store';
import type { Group } from '../../../lib/api/group';
import { useGroupQuorum, useSetQuorum } from '../api/group-quorum';

/** What a quorum asks, in words: a share of the eligible weight, or nothing at 0. */
const ruleText = (t: TFunction<'groups'>, percent: number) => (percent === 0 ? t('quorum.noQuorum') : t('quorum.rule', { percent }));

/** A whole percentage from 0 to 100 as typed, or null (the server checks it too: QuorumPercentSchema). */
function parsePercent(typed: string): number | null {
  const text = typed.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const percent = Number(text);
  return percent <= 100 ? percent : null;
}

/** One type's quorum, with its field and Save for a leader: a group named by the type, so each Save is told apart. */
function QuorumRow({ groupId, type, percent, canSet }: { groupId: number; type: QuorumTopicType; percent: number; canSet: boolean }) {
  const { t } = useTranslation('groups');
  const nameId = useId();
  const [typed, setTyped] = useState(String(percent));
  const [invalid, setInvalid] = useState(false);
  const setQuorum = useSetQuorum(groupId);
  const typeName = t(`quorum.types.${type}`);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const quorumPercent = parsePercent(typed);
    setInvalid(quorumPercent === null);
    if (quorumPercent === null) return;
    setQuorum.mutate(
      { topicType: type, quorumPercent },
      {
        onSuccess: (view) => {
          setTyped(String(view.quorums[type]));
          toast({ title: t('quorum.saved'), description: t('quorum.savedDescription', { type: typeName, rule: ruleText(t, view.quorums[type]) }) });
        },
        onError: (error) => toastCommandError(error, t('quorum.failed')),
      },
    );
  };

  return (
    <Box component="li" sx={{ py: 1 }}>
      <div role="group" aria-labelledby={nameId}>
        <Typography id={nameId} sx={{ fontWeight: 600 }}>
          {typeName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {ruleText(t, percent)}
        </Typography>
        {canSet && (
          <Stack component="form" noValidate onSubmit={save} direction="row" spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              size="small"
              type="number"
              label={t('quorum.field', { type: typeName })}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setInvalid(false);
              }}
              slotProps={{ htmlInput: { min: 0, max: 100, step: 1, inputMode: 'numeric' } }}
              error={invalid}
              helperText={invalid ? t('quorum.invalid') : t('quorum.hint')}
              disabled={setQuorum.isPending}
              sx={{ width: { xs: '100%', sm: 240 } }}
            />
            <Button type="submit" variant="outlined" disabled={setQuorum.isPending} sx={{ mt: 0.25 }}>
              {setQuorum.isPending ? t('quorum.saving') : t('quorum.save')}
            </Button>
          </Stack>
        )}
      </div>
    </Box>
  );
}

/**
 * The group page's "Decision rules" (issue #34 item 3; docs/decisions.md, Quorum and majority): the
 * quorum of each deciding type the group's department can open, which its leaders may change here.
 */
export function DecisionRulesCard({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const quorum = useGroupQuorum(group.id);
  // A group that holds a main election decides by elections though members cannot open one: its election quorum is listed too.
  const holdsMainElection = (MAIN_ELECTION_DEPARTMENTS as readonly string[]).includes(group.department);
  const opened = topicTypesFor(group.department).filter(isQuorumTopicType);
  const types: QuorumTopicType[] = holdsMainElection && !opened.includes('election') ? [...opened, 'election'] : opened;

  let body;
  if (quorum.isPending) {
    body = (
      <Typography role="status" color="text.secondary">
        {t('quorum.loading')}
      </Typography>
    );
  } else if (quorum.isError) {
    body = <QueryErrorAlert title={t('quorum.loadError')} error={quorum.error} onRetry={() => void quorum.refetch()} />;
  } else {
    const view = quorum.data;
    body = (
      <>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {types.map((type) => (
            <QuorumRow key={type} groupId={group.id} type={type} percent={view.quorums[type]} canSet={view.canSet} />
          ))}
        </Box>
        {view.canSet && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('quorum.appliesLater')}
          </Typography>
        )}
      </>
    );
  }

  return (
    <SectionCard title={t('quorum.title')} icon={<GavelIcon color="primary" aria-hidden />} titleGap={1}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('quorum.intro')}
      </Typography>
      {body}
    </SectionCard>
  );
}
