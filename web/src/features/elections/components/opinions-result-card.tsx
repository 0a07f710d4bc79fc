import { Fragment } from 'react';
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
import type { OpinionsResultView } from '../api/get-topic-result';
import type { ElectionPhase } from './election-phase';
import { DecidedByLine, QuorumFiguresLine, decidedByText } from './quorum-figures';
import { opinionOptions } from './opinion-options';
import { MatrixTable, ScrollingTable, type ResultOption } from './result-tables';

/**
 * The options as the result orders them ("no change" first, then posting order), named as the
 * ballot names them: from the opinions read where it has the opinion (its hidden notice too), else
 * from the result's own copy.
 */
function resultOptions(t: TFunction<'elections'>, result: OpinionsResultView, opinions: readonly OpinionView[] | undefined): ResultOption[] {
  const read = new Map((opinions ?? []).map((opinion) => [opinion.id, opinion]));
  const listed = result.options
    .filter((option) => !option.isNoChange)
    .map((option) => {
      const opinion = read.get(option.optionId);
      if (opinion) return { id: opinion.id, content: opinion.content, author: opinion.user, hidden: opinion.hidden };
      return {
        id: option.optionId,
        content: option.opinion?.content ?? '',
        author: option.opinion?.author ?? { firstName: null, lastName: null, profileImageUrl: null },
      };
    });
  return opinionOptions(t, result.topicId, listed);
}

function AgainstNoChangeTable({
  result,
  names,
  chosen,
  phase,
}: {
  result: OpinionsResultView;
  names: Map<string, string>;
  chosen: string | null;
  phase: ElectionPhase;
}) {
  const { t } = useTranslation('elections');
  const format = numberFormatOf(useLanguage());
  const columns = ['weightedAbove', 'weightedBelow', 'directAbove', 'directBelow'] as const;
  return (
    <ScrollingTable caption={t('result.opinions.caption')}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {t('result.opinions.opinion')}
          </TableCell>
          {columns.map((column) => (
            <TableCell key={column} component="th" scope="col" align="right">
              {t(`result.opinions.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {result.options
          .filter((option) => !option.isNoChange)
          .map((option) => (
            <TableRow key={option.optionId}>
              <TableCell component="th" scope="row">
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Auto>{names.get(option.optionId)}</Auto>
                  {option.optionId === chosen && (
                    <Chip size="small" color="success" label={phase === 'decided' ? t('result.opinions.enactedChip') : t('result.leading')} />
                  )}
                </Stack>
              </TableCell>
              {columns.map((column) => (
                <TableCell key={column} align="right">
                  {format.format(option[column])}
                </TableCell>
              ))}
            </TableRow>
          ))}
      </TableBody>
    </ScrollingTable>
  );
}

/** Where it stands or what was decided: the opinion leading or enacted, or no change; why, when Schulze alone does not say it. */
function Outcome({ result, names, phase }: { result: OpinionsResultView; names: Map<string, string>; phase: ElectionPhase }) {
  const { t } = useTranslation('elections');
  const noChange = result.topicId;
  const chosenId = phase === 'decided' ? result.enactedOpinionId : result.leaderOpinionId;
  const chosen = chosenId === null ? undefined : names.get(chosenId);
  const titles = { open: 'result.open', counting: 'status.counting', decided: 'status.result' } as const;
  let line;
  if (chosen !== undefined) {
    line = (
      <Trans
        t={t}
        i18nKey={phase === 'decided' ? 'result.opinions.enacted' : 'result.opinions.leader'}
        values={{ name: chosen }}
        components={{ name: <Auto /> }}
      />
    );
  } else if (phase === 'decided') {
    line = result.decidedBy ? decidedByText(t, result.decidedBy) : t('result.opinions.noChangeStands');
  } else {
    line = result.ballotCount === 0 ? t('result.noneYet') : t('result.opinions.noChangeLeads');
  }
  const first = result.schulzeWinners[0];
  // Unbeaten by strongest paths, yet not ahead of no change head to head: no change stands all the same.
  // (Not when too few took part: then nothing was decided, however the ballots stood.)
  const short = chosen === undefined && first !== undefined && first !== noChange && result.decidedBy !== 'quorum_not_reached' ? names.get(first) : undefined;
  const unbeaten = result.schulzeWinners.map((id) => ({ id, name: names.get(id) })).filter((option) => option.name !== undefined);
  return (
    <Alert severity={phase === 'decided' && chosen !== undefined ? 'success' : 'info'}>
      <AlertTitle>{t(titles[phase])}</AlertTitle>
      <Typography variant="body2">{line}</Typography>
      {phase === 'decided' && chosen !== undefined && <DecidedByLine rule={result.decidedBy} />}
      {short !== undefined && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <Trans t={t} i18nKey="result.opinions.notBeatingNoChange" values={{ name: short }} components={{ name: <Auto /> }} />
        </Typography>
      )}
      {unbeaten.length > 1 && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('result.unbeaten')}{' '}
          {unbeaten.map((option, index) => (
            <Fragment key={option.id}>
              {index > 0 && t('ranking.listSeparator')}
              <Auto>{option.name}</Auto>
            </Fragment>
          ))}
          {'. '}
          {result.schulzeWinners.includes(noChange) ? (
            t('result.opinions.tieToNoChange')
          ) : chosen !== undefined ? (
            <Trans t={t} i18nKey="result.opinions.tieBreak" values={{ name: chosen }} components={{ name: <Auto /> }} />
          ) : null}
        </Typography>
      )}
    </Alert>
  );
}

/**
 * The count of a law amendment or dispute resolution decided among its opinions (issue #34 items 2
 * and 5; GET /api/topics/<id>/result, kind 'opinions'): how it is decided; the opinion leading (open),
 * 'Counting…', or the one enacted or 'No change stands' (final); each opinion's ballots above and below
 * no change (with delegation, direct); the pairwise matrix and the strongest paths over "No change"
 * and the opinions. It reads again when the opinions read does (a new opinion, a ballot's live frame)
 * and when the topic closes.
 */
export function OpinionsResultCard({ topic }: { topic: TopicView }) {
  const { t } = useTranslation('elections');
  const { result, opinions, phase } = useLawResult(topic);

  let body: ReactNode = null;
  if (result.data?.kind === 'opinions') {
    const data = result.data;
    const options = resultOptions(t, data, opinions.data);
    const names = new Map(options.map((option) => [option.id, option.name]));
    const chosen = phase === 'decided' ? data.enactedOpinionId : data.leaderOpinionId;
    body =
      options.length < 2 ? (
        <Typography color="text.secondary">{t('result.opinions.empty')}</Typography>
      ) : (
        <Stack spacing={2}>
          <Outcome result={data} names={names} phase={phase} />
          <Typography variant="body2" color="text.secondary">
            {t('result.totals', { ballots: t('candidates.directBallots', { count: data.ballotCount }), weight: data.ballotWeight })}
          </Typography>
          {data.quorum && <QuorumFiguresLine quorum={data.quorum} phase={phase} />}
          <AgainstNoChangeTable result={data} names={names} chosen={chosen} phase={phase} />
          <MatrixTable caption={t('result.opinions.pairwiseCaption')} options={options} matrix={data.pairwise} />
          <MatrixTable caption={t('result.opinions.pathsCaption')} options={options} matrix={data.strongestPaths} />
        </Stack>
      );
  }

  return (
    <LawResultCard rule={t('methods.law.schulze.shown')} result={result}>
      {body}
    </LawResultCard>
  );
}
