import type { OpinionView } from '../lib/api/get-topic-opinions';
import type { LawView } from '../features/laws/api/get-laws';
import type { TopicView } from '../lib/api/get-topic';
import type { GroupTopicView } from '../lib/api/get-group-topics';
import type { TopicStats } from '../lib/api/get-topic-stats';
import { jsonResponse, type Route } from './mock-fetch';

let nextId = 0;
const nextUuid = () => {
  nextId += 1;
  return `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`;
};

/** An open law amendment in group 1682 (Saudi Arabia), expiring Jun 15, 2099 (noon UTC: that day in any zone). */
/** With the list's voteCount too, so the same topic serves a group's list and the topic's own read. */
export function makeTopic(overrides: Partial<GroupTopicView> = {}): GroupTopicView {
  return {
    id: nextUuid(),
    title: 'Lower the speed limit near schools',
    description: 'Children walk to school along busy roads; a lower limit would make them safer.',
    type: 'law_amendment',
    groupId: 1682,
    createdBy: 'someone-else',
    status: 'active',
    isMainElection: false,
    winnerId: null,
    expiresAt: '2099-06-15T12:00:00.000Z',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    author: { firstName: 'Omar', lastName: 'Farouk', profileImageUrl: null },
    opinionCount: 0,
    voteCount: 0,
    canParticipate: true,
    // Elections are counted by a method (issue #34): plurality unless a test says otherwise.
    method: overrides.type === 'election' ? 'plurality' : null,
    // Opened before quorums (issue #34 item 3) unless a test gives one.
    quorumPercent: null,
    ...overrides,
  };
}

export function makeOpinion(overrides: Partial<OpinionView> & Pick<OpinionView, 'topicId'>): OpinionView {
  return {
    id: nextUuid(),
    userId: 'author-1',
    content: 'A 30 km/h limit in school zones saves lives.',
    createdAt: '2025-03-02T10:00:00.000Z',
    updatedAt: '2025-03-02T10:00:00.000Z',
    user: { firstName: 'Layla', lastName: 'Nasser', profileImageUrl: null },
    supportCount: 0,
    opposeCount: 0,
    weightedSupport: 0,
    weightedOppose: 0,
    voteCount: 0,
    myVote: null,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<TopicStats> = {}): TopicStats {
  return { participants: 0, totalVotes: 0, totalOpinions: 0, support: 0, oppose: 0, ...overrides };
}

export function makeLaw(overrides: Partial<LawView> = {}): LawView {
  const topicId = nextUuid();
  return {
    id: nextUuid(),
    topicId,
    opinionId: nextUuid(),
    content: 'Speed in school zones is limited to 30 km/h.',
    voteCount: 14,
    weightedSupport: 20,
    weightedOppose: 6,
    createdAt: '2025-03-15T12:00:00.000Z',
    topic: { id: topicId, type: 'law_amendment', title: 'Lower the speed limit near schools' },
    user: { firstName: 'Layla', lastName: 'Nasser', profileImageUrl: null },
    method: null,
    ...overrides,
  };
}

interface TopicReads {
  stats?: TopicStats | (() => TopicStats);
  /** Read through a function, so a test can change the list between reads. */
  opinions?: () => OpinionView[];
}

/** Answers the three reads of a topic page. */
export function serveTopic(topic: TopicView, { stats = makeStats(), opinions = () => [] }: TopicReads = {}): Route {
  const base = `/api/topics/${topic.id}`;
  return ({ url, init }) => {
    if ((init?.method ?? 'GET') !== 'GET') return undefined;
    if (url === base) return jsonResponse(topic);
    if (url === `${base}/stats`) return jsonResponse(typeof stats === 'function' ? stats() : stats);
    if (url === `${base}/opinions`) return jsonResponse(opinions());
    return undefined;
  };
}
