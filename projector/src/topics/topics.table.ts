import type { TopicType } from '@civitas/events';

/** Read model `topics`: every topic; deleted ones stay (status 'deleted') but are never listed. */
export interface TopicsTable {
  id: string;
  group_id: number;
  title: string;
  description: string;
  type: TopicType;
  created_by: string;
  status: 'active' | 'closed' | 'deleted';
  is_main_election: boolean;
  winner_id: string | null;
  expires_at: Date;
  closed_at: Date | null;
  opinion_count: number;
  created_position: string;
  created_at: Date;
  updated_at: Date;
}

/** Read model `laws`: the winning opinion of each closed law amendment or dispute resolution. */
export interface LawsTable {
  topic_id: string;
  group_id: number;
  opinion_id: string;
  proposer_id: string;
  type: TopicType;
  weighted_support: number;
  weighted_oppose: number;
  enacted_at: Date;
}
