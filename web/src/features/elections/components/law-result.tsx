import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import RuleIcon from '@mui/icons-material/Rule';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import type { TopicView } from '../../../lib/api/get-topic';
import { topicOpinionsQueryKey, useTopicOpinions } from '../../../lib/api/get-topic-opinions';
import { useMinuteClock } from '../../../lib/use-minute-clock';
import { topicResultQueryKey, useTopicResult } from '../api/get-topic-result';
import { useFollowTheCount } from './follow-the-count';
import { resultPhase, useResultFollows } from './result-tables';

/**
 * What a law topic's result card reads (ranked among its opinions, or support and oppose): the result,
 * the opinions it names, and its phase; read again when the opinions read is (a vote, a live frame)
 * and when the topic closes.
 */
export function useLawResult(topic: TopicView) {
  const result = useTopicResult(topic.id);
  const opinions = useTopicOpinions(topic.id);
  useResultFollows(topic.id, opinions.dataUpdatedAt);
  const now = useMinuteClock(topic.expiresAt);
  const phase = result.data ? resultPhase(result.data, topic, now) : 'open';
  useFollowTheCount(topic, phase, [topicResultQueryKey(topic.id), topicOpinionsQueryKey(topic.id)]);
  return { result, opinions, phase };
}

/** The card around a law's result: how it is decided (fixed when it opened), then the count, or its loading and error states. */
export function LawResultCard({ rule, result, children }: { rule: string; result: ReturnType<typeof useTopicResult>; children: ReactNode }) {
  const { t } = useTranslation('elections');
  return (
    <SectionCard title={t('result.title')} icon={<LeaderboardIcon color="primary" aria-hidden />}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <RuleIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{rule}</Typography>
        </Stack>
        {result.isPending ? (
          <Typography color="text.secondary">{t('result.loading')}</Typography>
        ) : result.isError ? (
          <Alert severity="error">{t('result.loadError', { message: result.error.message })}</Alert>
        ) : (
          children
        )}
      </Stack>
    </SectionCard>
  );
}
