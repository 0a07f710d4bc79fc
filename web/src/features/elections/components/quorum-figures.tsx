import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TopicResultView } from '../api/get-topic-result';
import type { ElectionPhase } from './election-phase';

type QuorumFigures = NonNullable<TopicResultView['quorum']>;
type DecidingRule = NonNullable<TopicResultView['decidedBy']>;

/**
 * The share that took part, in whole percent rounded down: the server's rule (participating * 100 >=
 * percent * eligible, quorum.ts) then reads off it, so "10%" is never shown beside "not reached".
 */
const shareOf = ({ participatingWeight, eligibleWeight }: QuorumFigures) => Math.floor((participatingWeight * 100) / eligibleWeight);

/** "Took part: 34 of 120 eligible (28%) · quorum 10%: reached" (issue #34 item 3). */
export function QuorumFiguresLine({ quorum, phase }: { quorum: QuorumFigures; phase: ElectionPhase }) {
  const { t } = useTranslation('elections');
  const values = { participating: quorum.participatingWeight, eligible: quorum.eligibleWeight };
  const tookPart =
    quorum.eligibleWeight === 0 ? t('result.quorum.tookPartNoneEligible', values) : t('result.quorum.tookPart', { ...values, share: shareOf(quorum) });
  // While ballots may still come, short of it is "not reached yet".
  const standing = quorum.reached ? 'result.quorum.reached' : phase === 'decided' ? 'result.quorum.notReached' : 'result.quorum.notReachedYet';
  return (
    <Typography variant="body2" color="text.secondary">
      {tookPart}
      {t('result.quorum.separator')}
      {t(standing, { percent: quorum.percent })}
    </Typography>
  );
}

/** Which rule decided a closed topic, in a sentence. */
export const decidedByText = (t: TFunction<'elections'>, rule: DecidingRule) => t(`result.decidedBy.${rule}`);

/** Under an outcome's line: the rule that decided it (none before it closed, nor for topics opened before quorums). */
export function DecidedByLine({ rule }: { rule: DecidingRule | null }) {
  const { t } = useTranslation('elections');
  if (rule === null) return null;
  return (
    <Typography variant="body2" sx={{ mt: 0.5 }}>
      {decidedByText(t, rule)}
    </Typography>
  );
}
