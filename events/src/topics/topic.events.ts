import { z } from 'zod';
import { defineEvent, type EventOf } from '../registry';
import { ElectionMethodSchema } from '../elections/election-method';
import { DecidingRuleSchema, QuorumFiguresSchema } from '../groups/quorum';
import { TOPIC_TYPES } from './topic-rules';

export const TopicTypeSchema = z.enum(TOPIC_TYPES);

/** `topic-{id}`: a topic's life: created, then closed when it expires, or deleted by its creator. */
export const TopicCreated = defineEvent(
  'TopicCreated',
  z.object({
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    title: z.string(),
    description: z.string(),
    type: TopicTypeSchema,
    createdBy: z.uuid(),
    isMainElection: z.boolean(),
    expiresAt: z.iso.datetime(),
    /**
     * Elections: how the ballots are counted (election-method.ts); absent is plurality, as before
     * methods existed. A law amendment or dispute resolution with 'schulze' is decided among its
     * opinions by ranked ballots (issue #34 item 2); absent, by the spec's support and oppose.
     */
    method: ElectionMethodSchema.optional(),
    /**
     * A topic that decides (issue #34 item 3): the share of the group's eligible weight that must take
     * part, the group's quorum for the type when it opened (a later change applies to later topics).
     * Absent on topics opened before quorums: they are counted by the rule they opened under.
     */
    quorumPercent: z.number().int().min(0).max(100).optional(),
  }),
);
export const TopicDeleted = defineEvent(
  'TopicDeleted',
  z.object({
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    createdBy: z.uuid(),
    deletedBy: z.uuid(),
  }),
);
/** One opinion's (or candidate's: oppose stays 0) tally as counted when its topic closed. */
export const ClosingTally = z.object({
  subjectId: z.uuid(),
  supportCount: z.number().int().nonnegative(),
  opposeCount: z.number().int().nonnegative(),
  weightedSupport: z.number().int().nonnegative(),
  weightedOppose: z.number().int().nonnegative(),
});
export type ClosingTally = z.infer<typeof ClosingTally>;

/** events/src/audit/counted-events.ts: how many events the closing counted, of each type, and their leaves' digest. */
export const CountedCommitmentSchema = z.object({
  events: z.number().int().nonnegative(),
  byType: z.record(z.string(), z.number().int().nonnegative()),
  digest: z.string().regex(/^[A-Za-z0-9+/]{43}=$/),
});
export type CountedCommitment = z.infer<typeof CountedCommitmentSchema>;

/**
 * Closing counts with delegation: `tallies` holds every opinion's (or candidate's) final tally,
 * authoritative from then on and recountable from the events. Topics closed before delegation
 * carry none.
 */
export const TopicClosed = defineEvent(
  'TopicClosed',
  z.object({
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    type: TopicTypeSchema,
    closedAt: z.iso.datetime(),
    tallies: z.array(ClosingTally).default([]),
    /** What the count took (events/src/audit/counted-events.ts); topics closed before it was recorded carry none. */
    counted: CountedCommitmentSchema.optional(),
    /** A law decided among its opinions (method 'schulze', issue #34 item 2): the method and its pairwise matrix over [no change (the topic id), ...opinions in posting order]. */
    method: ElectionMethodSchema.optional(),
    pairwise: z.array(z.array(z.number().int().nonnegative())).optional(),
    /** A topic that decides (issue #34 item 3): its quorum figures at the count and the rule that decided it; topics closed before quorums carry none. */
    quorum: QuorumFiguresSchema.optional(),
    decidedBy: DecidingRuleSchema.optional(),
  }),
);
/**
 * `topic-{id}`, with TopicClosed: the winning opinion of a law amendment or dispute resolution.
 * The tallies it was decided on are part of the fact, so an auditor can recount them from the votes.
 */
export const LawEnacted = defineEvent(
  'LawEnacted',
  z.object({
    topicId: z.uuid(),
    groupId: z.number().int().positive(),
    opinionId: z.uuid(),
    proposerId: z.uuid(),
    type: TopicTypeSchema,
    weightedSupport: z.number().int().nonnegative(),
    weightedOppose: z.number().int().nonnegative(),
    enactedAt: z.iso.datetime(),
  }),
);

export type TopicCreated = EventOf<typeof TopicCreated>;
export type TopicDeleted = EventOf<typeof TopicDeleted>;
export type TopicClosed = EventOf<typeof TopicClosed>;
export type LawEnacted = EventOf<typeof LawEnacted>;
export type TopicEvent = TopicCreated | TopicDeleted | TopicClosed | LawEnacted;
export const topicEvents = [TopicCreated, TopicDeleted, TopicClosed, LawEnacted];
