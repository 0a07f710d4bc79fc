import type { QueryClient } from '@tanstack/react-query';
import type { VoteReply } from '@civitas/events/voting/vote.contract';
import { userStatsQueryOptions } from '../../../lib/api/get-user-stats';
import type { OpinionView } from '../../../lib/api/get-topic-opinions';
import { topicOpinionsQueryKey } from '../../../lib/api/get-topic-opinions';
import { topicStatsQueryKey } from '../../../lib/api/get-topic-stats';

/**
 * A vote's reply carries the opinion's new tally and the member's vote now: shown at once.
 * The list keeps its order until the next read, so an opinion does not jump away under
 * the pointer that just voted on it.
 */
export function applyVoteReply(queryClient: QueryClient, topicId: string, reply: VoteReply): Promise<unknown> {
  queryClient.setQueryData<OpinionView[]>(topicOpinionsQueryKey(topicId), (opinions) =>
    opinions?.map((opinion) =>
      opinion.id === reply.opinionId ? { ...opinion, ...reply.tally, myVote: reply.voteType } : opinion,
    ),
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: topicStatsQueryKey(topicId) }),
    // Voting changes the participation score.
    queryClient.invalidateQueries({ queryKey: userStatsQueryOptions().queryKey }),
  ]);
}
