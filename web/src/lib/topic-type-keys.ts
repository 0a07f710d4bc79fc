import type { TopicType } from '@civitas/events/topics/topic-rules';

/**
 * Each topic type's text key in the 'topics' namespace (topic cards, the topic page, laws): the contract's labels
 * (TOPIC_TYPE_LABELS) in the interface language. Keys are camelCase; the types are the API's.
 */
export const TOPIC_TYPE_KEYS = {
  law_amendment: 'types.lawAmendment',
  dispute_resolution: 'types.disputeResolution',
  election: 'types.election',
  family_discussion: 'types.familyDiscussion',
  friends_discussion: 'types.friendsDiscussion',
  business_discussion: 'types.businessDiscussion',
  alliance_discussion: 'types.allianceDiscussion',
} as const satisfies Record<TopicType, `types.${string}`>;
