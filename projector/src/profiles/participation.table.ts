/** Read model `member_stats`: a member's counts and participation score (DECISIONS.md), from their events. */
export interface MemberStatsTable {
  user_id: string;
  topics_created: number;
  opinions_posted: number;
  /** Opinions the member currently has a direct vote on. */
  votes_cast: number;
  elections_won: number;
  delegations_received: number;
  /** Generated: votes + 2 × opinions + 5 × topics + 10 × elections won. */
  participation_score: number;
}

/** Read model `topic_participants`: who took part in a topic (created it, posted an opinion or voted). */
export interface TopicParticipantsTable {
  topic_id: string;
  user_id: string;
}

/** Read model `group_participants`: who took part in a group, and `group_activity` their number per group. */
export interface GroupParticipantsTable {
  group_id: number;
  user_id: string;
}
export interface GroupActivityTable {
  group_id: number;
  participant_count: number;
}
