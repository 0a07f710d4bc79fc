import { ValidationError, createEventRegistry, parseAsOf, type EventStore } from '@civitas/events';
import { INVALID_AS_OF, TopicTimeTravel } from './topic-log';

/** The tally reads' `asOf` (issue #15 item 3), answered by the tally module over the topic's events; app.ts hands these to the topics and elections routes. */
export function timeTravelPorts(store: EventStore) {
  const travel = new TopicTimeTravel(store, createEventRegistry());
  return {
    talliesAsOf: async (topicId: string, asOf: string) => {
      const { state, tallies } = await travel.stateAt(topicId, asOf);
      const participants = new Set(state.opinions.map((opinion) => opinion.proposerId));
      for (const voters of state.votes.values()) for (const userId of voters.keys()) participants.add(userId);
      // A ranked or approval ballot is taking part too, as the participation projection counts it (issue #34).
      for (const userId of state.preferences.keys()) participants.add(userId);
      return {
        opinionIds: new Set(tallies.opinions.map((tally) => tally.subjectId)),
        tallies: new Map(tallies.opinions.map((tally) => [tally.subjectId, tally])),
        participants: participants.size,
      };
    },
    candidatesAsOf: async (topicId: string, asOf: string) => {
      const { tallies } = await travel.stateAt(topicId, asOf);
      return new Map(tallies.candidates.map((tally) => [tally.subjectId, { directVotes: tally.supportCount, voteCount: tally.weightedSupport }]));
    },
    /** The topic's events and the moment, for a read that folds them itself (an election's result, issue #34). */
    topicLogAsOf: async (topicId: string, asOf: string) => {
      const moment = parseAsOf(asOf);
      if (!moment) throw new ValidationError(INVALID_AS_OF);
      return { moment, log: await travel.log(topicId) };
    },
  };
}
