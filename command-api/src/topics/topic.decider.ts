import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ONLY_CREATOR_DELETES,
  RANKED_OPINIONS_METHOD,
  TOPIC_NOT_FOUND,
  decidesAmongOpinions,
  methodOf,
  typeEnactsLaw,
  winningOpinion,
  type ClosingTally,
  type CountedCommitment,
  type DecidingRule,
  type QuorumFigures,
  type ElectionOutcome,
  type OpinionStanding,
  type Decider,
  type ElectionDecided,
  type TopicCreated,
  type TopicEvent,
  type TopicType,
} from '@civitas/events';

/** The standing and the winner rule live in the shared tally module (events/src/audit/topic-tally.ts), so auditors recount with the same code. */
export type { OpinionStanding, ElectionOutcome };
export { winningOpinion };

export type CreateTopic = { type: 'createTopic'; topic: TopicCreated['data'] };
export type DeleteTopic = { type: 'deleteTopic'; actorId: string };
/**
 * What closing counted from the topic's events: every tally, the opinions' standings, an election's
 * winner (by its method), which events it took, and the Schulze pairwise matrix: a Schulze election's
 * over its candidates (the tallies' order, registration order), or a law topic decided among its
 * opinions' over [no change (the topic's id), ...opinions in posting order]; null otherwise.
 * `enactedOpinionId`: the opinion the tally module's closing rule enacts (null: none); a topic decided
 * among its opinions enacts it (the Schulze winner, if it beats no change head to head).
 */
export interface TopicOutcome {
  tallies: ClosingTally[];
  counted: CountedCommitment;
  standings: OpinionStanding[];
  election: ElectionOutcome | null;
  pairwise: number[][] | null;
  enactedOpinionId: string | null;
  /** A topic opened with a quorum (issue #34 item 3): its figures and the rule that decided it; null otherwise. */
  quorum: QuorumFigures | null;
  decidedBy: DecidingRule | null;
}

export type CloseTopic = { type: 'closeTopic'; now: string; outcome: TopicOutcome };
export type TopicCommand = CreateTopic | DeleteTopic | CloseTopic;

export interface TopicState {
  topic: TopicCreated['data'] | null;
  status: 'active' | 'closed' | 'deleted';
}

export const TOPIC_CLOSED_CANNOT_DELETE = 'A closed topic cannot be deleted: its outcome is part of the record.';

/** `topic-{id}`: active → closed when it expires (its winning opinion enacted), or deleted by its creator. */
export const topicDecider: Decider<TopicCommand, TopicEvent | ElectionDecided, TopicState> = {
  initialState: () => ({ topic: null, status: 'active' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TopicCreated':
        return { topic: event.data, status: 'active' };
      case 'TopicDeleted':
        return { ...state, status: 'deleted' };
      case 'TopicClosed':
        return { ...state, status: 'closed' };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'createTopic':
        if (state.topic) throw new ConflictError('This topic exists already.');
        return [{ type: 'TopicCreated', data: command.topic }];
      case 'deleteTopic': {
        const { topic } = state;
        if (!topic || state.status === 'deleted') throw new NotFoundError(TOPIC_NOT_FOUND);
        if (topic.createdBy !== command.actorId) throw new ForbiddenError(ONLY_CREATOR_DELETES);
        if (state.status === 'closed') throw new ConflictError(TOPIC_CLOSED_CANNOT_DELETE);
        return [{ type: 'TopicDeleted', data: { topicId: topic.topicId, groupId: topic.groupId, createdBy: topic.createdBy, deletedBy: command.actorId } }];
      }
      case 'closeTopic': {
        const { topic } = state;
        // Closing is repeatable: nothing to do before expiry, after closing, or for a deleted topic.
        if (!topic || state.status !== 'active' || command.now < topic.expiresAt) return [];
        const type: TopicType = topic.type;
        const { outcome } = command;
        // A law decided among its opinions records its method and the matrix that decided it (issue #34 item 2).
        const ranked = decidesAmongOpinions(topic);
        const closed: TopicEvent = {
          type: 'TopicClosed',
          data: {
            topicId: topic.topicId,
            groupId: topic.groupId,
            type,
            closedAt: command.now,
            tallies: outcome.tallies,
            counted: outcome.counted,
            ...(ranked ? { method: RANKED_OPINIONS_METHOD, pairwise: outcome.pairwise ?? [] } : {}),
            ...(outcome.quorum && outcome.decidedBy ? { quorum: outcome.quorum, decidedBy: outcome.decidedBy } : {}),
          },
        };
        if (type === 'election') {
          const election = outcome.election ?? { winnerId: null, winnerCandidateId: null };
          // The method as the topic was opened with (absent: plurality), named on every decision; Schulze's matrix explains its winner.
          const method = methodOf(topic);
          const pairwise = method === 'schulze' && outcome.pairwise ? { pairwise: outcome.pairwise } : {};
          return [
            closed,
            {
              type: 'ElectionDecided',
              data: {
                topicId: topic.topicId,
                groupId: topic.groupId,
                isMainElection: topic.isMainElection,
                ...election,
                decidedAt: command.now,
                method,
                ...pairwise,
              },
            },
          ];
        }
        // The opinion the tally module's closing rule enacts (quorum and majority, or Schulze against no change), with its figures.
        const winner = !typeEnactsLaw(type) ? null : (outcome.standings.find((standing) => standing.opinionId === outcome.enactedOpinionId) ?? null);
        if (!winner) return [closed];
        return [
          closed,
          {
            type: 'LawEnacted',
            data: {
              topicId: topic.topicId,
              groupId: topic.groupId,
              opinionId: winner.opinionId,
              proposerId: winner.proposerId,
              type,
              weightedSupport: winner.weightedSupport,
              weightedOppose: winner.weightedOppose,
              enactedAt: command.now,
            },
          },
        ];
      }
    }
  },
};
