import { i18n } from '../../../i18n';
import type { AuditTopicView } from '../api/get-audit-topics';
import type { TopicHistoryEntry, TopicHistoryKind } from '../api/get-topic-history';
import { textKeyOf } from './audit-labels';

// Texts of the 'audit' namespace, read at the moment of use (the interface language may change).
const translate = i18n.t as (key: string, values?: Record<string, unknown>) => string;

export const historyKindLabel = (kind: TopicHistoryKind) => translate(`audit:historyKinds.${textKeyOf(kind)}`);

export { TOPIC_HISTORY_KINDS as HISTORY_KINDS } from '@civitas/events/audit/history.contract';

export const topicStatusLabel = (status: AuditTopicView['status']) => translate(`audit:topics.statuses.${status}`);

/** The published result in words; its ids are the opinion's or candidate's, shown short. */
export function resultText({ result }: AuditTopicView): string {
  const weighted = result.weightedSupport !== null;
  const weight = result.weightedSupport;
  switch (result.kind) {
    case 'law_enacted':
      return translate(weighted ? 'audit:topics.result.lawEnactedWeighted' : 'audit:topics.result.lawEnacted', { id: shortId(result.opinionId), weight });
    case 'winner':
      return translate(weighted ? 'audit:topics.result.winnerWeighted' : 'audit:topics.result.winner', { id: shortId(result.winnerId), weight });
    case 'none':
      return translate('audit:topics.result.none');
    default:
      return translate('audit:topics.result.pending');
  }
}

export const shortId = (id: string | null) => (id ? id.slice(0, 8) : translate('audit:subject.unknown'));

/** What an entry's other columns say: the opinion, the choice, the candidate, the delegate. */
export function entryDetails(entry: TopicHistoryEntry): string {
  const parts = [
    entry.opinionId && translate('audit:details.opinion', { id: shortId(entry.opinionId) }),
    entry.choice && translate(entry.choice === 'support' ? 'audit:details.support' : 'audit:details.oppose'),
    entry.candidate && translate('audit:details.candidate', { name: entry.candidate }),
    entry.delegate && translate('audit:details.delegate', { name: entry.delegate }),
  ].filter(Boolean);
  return parts.join(translate('audit:details.separator'));
}
