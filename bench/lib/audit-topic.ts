import { randomUUID } from 'node:crypto';
import { countTopicOutcome } from '@civitas/command-api';
import {
  delegationStream,
  groupStream,
  opinionStream,
  personalGroupLabel,
  topicStream,
  userStream,
  voteStream,
  winningOpinion,
  type Blind,
  type EventRegistry,
  type PostgresEventStore,
  type Position,
  type VoteType,
} from '@civitas/events';

/** Events of the audit export bench, before they are stamped and appended. */
interface Planned {
  stream: string;
  type: string;
  data: Record<string, unknown>;
  time: string;
}

export interface AuditTopic {
  topicId: string;
  groupId: number;
  /** Events appended, and the position of the last. */
  events: number;
  position: Position;
}

export interface AuditTopicShape {
  groupId: number;
  /** religion: anyone may vote, nobody joins; family: every voter and delegator joins first (GroupMemberJoined). */
  department: 'religion' | 'family';
  voters: number;
  delegators: number;
  /** The leaves' blinder of the bench's database, for the closing's record of what it counted. */
  blind: Blind;
  /** family: others who belong to the group (the auditor: a personal group's topics are audited by its members). */
  alsoJoined?: readonly string[];
}

const OPINIONS = 4;
/** Streams a group-commit batch takes at most (each append is one vote stream). */
const APPEND_WAVE = 5000;
/** GroupMemberJoined events per append to the group's one stream. */
const GROUP_CHUNK = 2000;

const memberId = (index: number) => `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** Validated as the command side appends (query-app does the same), with a command's metadata. */
const stamper = (registry: EventRegistry) => (event: Planned) => {
  const { data, schemaVersion } = registry.prepare({ type: event.type, data: event.data });
  return { id: randomUUID(), type: event.type, data, metadata: { schemaVersion, time: event.time, actorId: null, commandId: randomUUID() } };
};

/** An account holding the auditor role, for the export's session. */
export async function appendAuditor(store: PostgresEventStore, registry: EventRegistry): Promise<string> {
  const userId = randomUUID();
  const time = new Date(Date.now() - 4 * 3600_000).toISOString();
  const stamp = stamper(registry);
  await store.append(
    userStream(userId),
    [
      stamp({
        stream: userStream(userId),
        type: 'UserRegistered',
        time,
        data: {
          userId,
          email: 'auditor@bench.example.org',
          firstName: 'Bench',
          lastName: 'Auditor',
          profileImageUrl: null,
          passwordHash: null,
          externalIdentity: null,
        },
      }),
      stamp({ stream: userStream(userId), type: 'UserRoleGranted', time, data: { userId, role: 'auditor', grantedBy: null, reason: 'audit export bench' } }),
    ],
    'no_stream',
  );
  return userId;
}

/**
 * A group, one law_amendment topic with four opinions, one VoteCast per voter (opinion i % 4;
 * the first leans support so a law is enacted), `delegators` non-voting members delegating to
 * voters, and the topic closed with the tally module's count at expiry and its LawEnacted, all
 * on the real append path (validated by the registry, written through group commit in batches of
 * thousands of streams).
 */
export async function appendAuditTopic(store: PostgresEventStore, registry: EventRegistry, shape: AuditTopicShape): Promise<AuditTopic> {
  const { groupId, department, voters, delegators } = shape;
  const topicId = randomUUID();
  const ownerId = memberId(0);
  const opinionIds = Array.from({ length: OPINIONS }, () => randomUUID());
  // Times in the past, one millisecond apart: the votes fall before expiry, the closing after it.
  const start = Date.now() - 3 * 3600_000;
  let tick = 0;
  const time = () => new Date(start + tick++).toISOString();
  const expiresAt = new Date(Date.now() - 60_000).toISOString();
  const closedAt = new Date(Date.now() - 30_000).toISOString();

  const definition =
    department === 'family'
      ? { name: personalGroupLabel('family'), subcategory: null, ownerId, features: ['Opinion voting'] }
      : {
          name: `Bench faith ${groupId}`,
          subcategory: `bench faith ${groupId}`,
          ownerId: null,
          features: ['Discussion topics', 'Opinion voting', 'Vote delegation'],
        };
  const before: Planned[] = [
    {
      stream: groupStream(groupId),
      type: 'GroupCreated',
      time: time(),
      data: { groupId, description: 'A group of the audit export bench.', department, subscriptionType: 'free', ...definition },
    },
  ];
  const joins: Planned[] = [];
  if (department === 'family') {
    for (let index = 0; index <= voters + delegators; index += 1) {
      joins.push({
        stream: groupStream(groupId),
        type: 'GroupMemberJoined',
        time: time(),
        data: { groupId, userId: memberId(index), role: index === 0 ? 'owner' : 'member', isLeader: false },
      });
    }
    for (const userId of shape.alsoJoined ?? []) {
      joins.push({ stream: groupStream(groupId), type: 'GroupMemberJoined', time: time(), data: { groupId, userId, role: 'member', isLeader: false } });
    }
  }
  const opening: Planned[] = [
    {
      stream: topicStream(topicId),
      type: 'TopicCreated',
      time: time(),
      data: {
        topicId,
        groupId,
        createdBy: ownerId,
        title: 'Audit export bench',
        description: 'One topic with many votes, exported and verified.',
        type: 'law_amendment',
        isMainElection: false,
        expiresAt,
      },
    },
    ...opinionIds.map((opinionId, index) => ({
      stream: opinionStream(opinionId),
      type: 'OpinionPosted',
      time: time(),
      data: { opinionId, topicId, groupId, userId: memberId(index + 1), content: `Opinion ${index + 1} of the bench.` },
    })),
  ];
  const singles: Planned[] = [];
  for (let index = 0; index < delegators; index += 1) {
    const delegatorId = memberId(voters + 1 + index);
    singles.push({
      stream: delegationStream(groupId, delegatorId),
      type: 'DelegationAssigned',
      time: time(),
      data: {
        delegationId: randomUUID(),
        groupId,
        delegatorId,
        delegateId: memberId(1 + ((index * 97) % voters)),
        previousDelegationId: null,
        previousDelegateId: null,
      },
    });
  }
  for (let index = 0; index < voters; index += 1) {
    const userId = memberId(index + 1);
    const opinion = index % OPINIONS;
    const voteType: VoteType = index % 10 < (opinion === 0 ? 7 : 4) ? 'support' : 'oppose';
    singles.push({
      stream: voteStream(opinionIds[opinion]!, userId),
      type: 'VoteCast',
      time: time(),
      data: { opinionId: opinionIds[opinion]!, topicId, groupId, userId, voteType, previousVoteType: null },
    });
  }

  const stamp = stamper(registry);
  let position = '';
  const appendEach = async (events: readonly Planned[]) => {
    for (const event of events) ({ position } = await store.append(event.stream, [stamp(event)], 'any'));
  };
  await appendEach(before);
  for (let from = 0; from < joins.length; from += GROUP_CHUNK) {
    ({ position } = await store.append(groupStream(groupId), joins.slice(from, from + GROUP_CHUNK).map(stamp), 'any'));
  }
  await appendEach(opening);
  // Many streams at once: group commit writes them a batch at a time.
  for (let from = 0; from < singles.length; from += APPEND_WAVE) {
    const results = await Promise.all(singles.slice(from, from + APPEND_WAVE).map((event) => store.append(event.stream, [stamp(event)], 'no_stream')));
    for (const result of results) if (result.position > position) position = result.position;
  }
  // Closed as the command side closes: its own count over the store (the tally at expiry, and the record of what it counted).
  const outcome = await countTopicOutcome(store, registry, { topicId, type: 'law_amendment', expiresAt }, shape.blind);
  const winner = winningOpinion(outcome.standings);
  if (!winner) throw new Error('audit-export: the generated topic enacts no law');
  const closing: Planned[] = [
    {
      stream: topicStream(topicId),
      type: 'TopicClosed',
      time: closedAt,
      data: { topicId, groupId, type: 'law_amendment', closedAt, tallies: outcome.tallies, counted: outcome.counted },
    },
    {
      stream: topicStream(topicId),
      type: 'LawEnacted',
      time: closedAt,
      data: {
        topicId,
        groupId,
        opinionId: winner.opinionId,
        proposerId: winner.proposerId,
        type: 'law_amendment',
        weightedSupport: winner.weightedSupport,
        weightedOppose: winner.weightedOppose,
        enactedAt: closedAt,
      },
    },
  ];
  await appendEach(closing);
  return { topicId, groupId, position, events: before.length + joins.length + opening.length + singles.length + closing.length };
}
