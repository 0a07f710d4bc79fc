import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Auto } from '../../../components/bidi';
import { numberFormatOf, useLanguage } from '../../../i18n';
import type { ReactNode } from 'react';
import type { TopicView } from '../../../lib/api/get-topic';
import { LawResultCard, useLawResult } from './law-result';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import type { SupportResultView } from '../api/get-topic-result';
import type { ElectionPhase } from './election-phase';
import { inPostingOrder, opinionOptions } from './opinion-options';
import { DecidedByLine, QuorumFiguresLine, decidedByText } from './quorum-figures';
import { ScrollingTable } from './result-tables';

/** Each counted opinion's name as the ranked result names them (first words and author); one not read yet by its place. */
function opinionNames(t: TFunction<'elections'>, result: SupportResultView, opinions: readonly OpinionView[] | undefined): Map<string, string> {
  const read = inPostingOrder(opinions ?? []).map((opinion) => ({ id: opinion.id, content: opinion.content, author: opinion.user, hidden: opinion.hidden }));
  // opinionOptions puts "No change" first: a law by support and oppose has no such option.
  const named = new Map(
    opinionOptions(t, result.topicId, read)
      .slice(1)
      .map((option) => [option.id, option.name]),
  );
  return new Map(
    result.opinions.map((opinion, index) => [opinion.opinionId, named.get(opinion.opinionId) ?? t('result.support.opinionNumber', { number: index + 1 })]),
  );
}

function CountsTable({ result, names, chosen, phase }: { result: SupportResultView; names: Map<string, string>; chosen: string | null; phase: ElectionPhase }) {
  const { t } = useTranslation('elections');
  const format = numberFormatOf(useLanguage());
  const columns = [
    ['weightedSupport', 'result.support.weightedSupport'],
    ['weightedOppose', 'result.support.weightedOppose'],
    ['supportCount', 'result.support.directSupport'],
    ['opposeCount', 'result.support.directOppose'],
  ] as const;
  return (
    <ScrollingTable caption={t('result.support.caption')}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {t('result.opinions.opinion')}
          </TableCell>
          {columns.map(([column, label]) => (
            <TableCell key={column} component="th" scope="col" align="right">
              {t(label)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {result.opinions.map((opinion) => (
          <TableRow key={opinion.opinionId}>
            <TableCell component="th" scope="row">
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Auto>{names.get(opinion.opinionId)}</Auto>
                {opinion.opinionId === chosen && (
                  <Chip size="small" color="success" label={phase === 'decided' ? t('result.opinions.enactedChip') : t('result.leading')} />
                )}
              </Stack>
            </TableCell>
            {columns.map(([column]) => (
              <TableCell key={column} align="right">
                {format.format(opinion[column])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  );
}

/** The opinion leading or enacted, or why none was; the rule that decided it once closed. */
function Outcome({ result, name, phase }: { result: SupportResultView; name: string | undefined; phase: ElectionPhase }) {
  const { t } = useTranslation('elections');
  const titles = { open: 'result.open', counting: 'status.counting', decided: 'status.result' } as const;
  let line;
  if (name !== undefined) {
    line = (
      <Trans t={t} i18nKey={phase === 'decided' ? 'result.opinions.enacted' : 'result.opinions.leader'} values={{ name }} components={{ name: <Auto /> }} />
    );
  } else if (phase === 'decided') {
    line = result.decidedBy ? decidedByText(t, result.decidedBy) : t('result.support.noneEnacted');
  } else {
    line = t('result.support.noLeader');
  }
  return (
    <Alert severity={phase === 'decided' && name !== undefined ? 'success' : 'info'}>
      <AlertTitle>{t(titles[phase])}</AlertTitle>
      <Typography variant="body2">{line}</Typography>
      {phase === 'decided' && name !== undefined && <DecidedByLine rule={result.decidedBy} />}
    </Alert>
  );
}

/**
 * The count of a law amendment or dispute resolution decided by support and oppose on each opinion
 * (issue #34 item 3; GET /api/topics/<id>/result, kind 'support'): the opinion leading or enacted and
 * by which rule, how much of the group took part against its quorum, the majority the leading opinion
 * needs, and each opinion's support and oppose (with delegation, direct). It reads again when the
 * opinions read does (a vote, a live frame) and when the topic closes.
 */
export function SupportResultCard({ topic }: { topic: TopicView }) {
  const { t } = useTranslation('elections');
  const { result, opinions, phase } = useLawResult(topic);

  let body: ReactNode = null;
  if (result.data?.kind === 'support') {
    const data = result.data;
    const names = opinionNames(t, data, opinions.data);
    const chosen = phase === 'decided' ? data.enactedOpinionId : data.leaderOpinionId;
    body = (
      <Stack spacing={2}>
        <Outcome result={data} name={chosen === null ? undefined : names.get(chosen)} phase={phase} />
        {data.quorum && (
          <>
            <QuorumFiguresLine quorum={data.quorum} phase={phase} />
            {/* The majority of a topic opened with a quorum (docs/decisions.md, Quorum and majority). */}
            <Typography variant="body2" color="text.secondary">
              {t('result.support.needsMajority', { half: data.quorum.participatingWeight / 2 })}
            </Typography>
          </>
        )}
        {data.opinions.length === 0 ? (
          <Typography color="text.secondary">{t('result.opinions.empty')}</Typography>
        ) : (
          <CountsTable result={data} names={names} chosen={chosen} phase={phase} />
        )}
      </Stack>
    );
  }

  return (
    <LawResultCard rule={t('result.support.shown')} result={result}>
      {body}
    </LawResultCard>
  );
}
