import type { Department } from '../groups/group.events';

/** docs/product.md, Data: six types, and alliance_discussion, the Alliance's own (shown on the client). */
export const TOPIC_TYPES = [
  'law_amendment',
  'dispute_resolution',
  'election',
  'family_discussion',
  'friends_discussion',
  'business_discussion',
  'alliance_discussion',
] as const;
export type TopicType = (typeof TOPIC_TYPES)[number];

export const TOPIC_TYPE_LABELS: Record<TopicType, string> = {
  law_amendment: 'Law Amendment',
  dispute_resolution: 'Dispute Resolution',
  election: 'Election',
  family_discussion: 'Family Discussion',
  friends_discussion: 'Friends Discussion',
  business_discussion: 'Business Discussion',
  alliance_discussion: 'Alliance Discussion',
};

export const TITLE_MIN_LENGTH = 5;
export const TITLE_MAX_LENGTH = 200;
export const DESCRIPTION_MIN_LENGTH = 20;
export const DESCRIPTION_MAX_LENGTH = 10_000;
export const OPINION_MAX_LENGTH = 1000;
/** docs/product.md, Topic lifecycle: a topic runs 1 to 30 days, 7 by default, elections 14. */
export const TOPIC_MIN_DAYS = 1;
export const TOPIC_MAX_DAYS = 30;
export const TOPIC_DEFAULT_DAYS = 7;
export const ELECTION_DEFAULT_DAYS = 14;

const BASE_TYPES: readonly TopicType[] = ['law_amendment', 'dispute_resolution'];
const DEPARTMENT_TYPES: Partial<Record<Department, readonly TopicType[]>> = {
  family: ['family_discussion'],
  friends: ['friends_discussion'],
  business: ['business_discussion', 'election'],
  alliance: ['alliance_discussion'],
};

/** docs/product.md, Rules: the department's own types first, then law amendment and dispute resolution. */
export function topicTypesFor(department: Department): TopicType[] {
  return [...(DEPARTMENT_TYPES[department] ?? []), ...BASE_TYPES];
}

/** The type a new topic gets when none is chosen: the department's own, else law amendment. */
export const defaultTopicType = (department: Department): TopicType => topicTypesFor(department)[0]!;

/** The types that make law: they need a Civic Participation subscription (docs/product.md, Rules), and closing one enacts its winning opinion (docs/product.md, Topic lifecycle). */
const LAW_TYPES: ReadonlySet<TopicType> = new Set(['law_amendment', 'dispute_resolution']);
export const typeNeedsSubscription = (type: TopicType) => LAW_TYPES.has(type);
export const typeEnactsLaw = (type: TopicType) => LAW_TYPES.has(type);

export const defaultTopicDays = (type: TopicType) => (type === 'election' ? ELECTION_DEFAULT_DAYS : TOPIC_DEFAULT_DAYS);

export const TOPIC_SUBSCRIPTION_REQUIRED = 'Subscription required: law amendments and dispute resolutions need a Civic Participation subscription.';
export const TOPIC_CLOSED = 'This topic is closed.';
export const TOPIC_NOT_FOUND = 'Topic not found';
export const ONLY_CREATOR_DELETES = 'Only the creator of a topic can delete it.';
