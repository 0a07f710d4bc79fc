import type { AuditTopicView } from '../api/get-audit-topics';
import type { TopicHistoryEntry, TopicHistoryKind } from '../api/get-topic-history';

export const HISTORY_KIND_LABELS: Record<TopicHistoryKind, string> = {
  topic_created: 'Topic created',
  opinion_posted: 'Opinion posted',
  vote_cast: 'Vote cast',
  vote_retracted: 'Vote retracted',
  delegation_set: 'Delegation set',
  delegation_revoked: 'Delegation revoked',
  eligibility_gained: 'Eligibility gained',
  eligibility_lost: 'Eligibility lost',
  candidacy_registered: 'Candidacy registered',
  ballot_cast: 'Ballot cast',
  ballot_retracted: 'Ballot retracted',
  topic_closed: 'Topic closed',
  law_enacted: 'Law enacted',
  winner_declared: 'Winner declared',
};

export { TOPIC_HISTORY_KINDS as HISTORY_KINDS } from '@civitas/events/audit/history.contract';

export const STATUS_LABELS: Record<AuditTopicView['status'], string> = { active: 'Active', closed: 'Closed', deleted: 'Deleted' };

/** The published result in words; its ids are the opinion's or candidate's, shown short. */
export function resultText({ result }: AuditTopicView): string {
  const weight = result.weightedSupport === null ? '' : ` (weighted support ${result.weightedSupport})`;
  switch (result.kind) {
    case 'law_enacted':
      return `Law enacted from opinion ${shortId(result.opinionId)}${weight}`;
    case 'winner':
      return `Winner: candidate ${shortId(result.winnerId)}${weight}`;
    case 'none':
      return 'No result';
    default:
      return 'Pending (still open)';
  }
}

export const shortId = (id: string | null) => (id ? id.slice(0, 8) : 'unknown');

/** What an entry's other columns say: the opinion, the choice, the candidate, the delegate. */
export function entryDetails(entry: TopicHistoryEntry): string {
  const parts = [
    entry.opinionId && `Opinion ${shortId(entry.opinionId)}`,
    entry.choice && (entry.choice === 'support' ? 'Support' : 'Oppose'),
    entry.candidate && `Candidate ${entry.candidate}`,
    entry.delegate && `Delegate ${entry.delegate}`,
  ].filter(Boolean);
  return parts.join(' · ');
}
