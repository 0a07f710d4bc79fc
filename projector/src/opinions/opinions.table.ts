import type { VoteType } from '@civitas/events';

/**
 * Read model `opinions` with its tally. Direct counts are the members' own votes; the weighted
 * ones add the weight members lend through delegation (the official tally, DECISIONS.md).
 */
export interface OpinionsTable {
  id: string;
  topic_id: string;
  group_id: number;
  user_id: string;
  content: string;
  support_count: number;
  oppose_count: number;
  weighted_support: number;
  weighted_oppose: number;
  /** weighted_support - weighted_oppose (generated). */
  vote_count: number;
  posted_position: string;
  created_at: Date;
  updated_at: Date;
}

/** Read model `votes`: each member's standing direct vote on an opinion. */
export interface VotesTable {
  opinion_id: string;
  user_id: string;
  topic_id: string;
  group_id: number;
  vote_type: VoteType;
  /** The weight this vote carries: 1 plus what is delegated to the voter. */
  weight: number;
  cast_at: Date;
}
