import type { Department, SubscriptionType } from '@civitas/events';

/** Read model `groups`: the catalogue and personal groups as the query side serves them. */
export interface GroupsTable {
  id: number;
  name: string;
  description: string;
  department: Department;
  subcategory: string | null;
  subscription_type: SubscriptionType;
  features: string[];
  owner_id: string | null;
  /** Memberships (personal groups, Alliance); open groups count their participants elsewhere. */
  member_count: number;
  created_at: Date;
  updated_at: Date;
}

/** Read model `group_members`: who belongs or belonged to which group (spec: user_groups, friendships, business_memberships). */
export interface GroupMembersTable {
  group_id: number;
  user_id: string;
  role: 'owner' | 'member';
  is_leader: boolean;
  /** Only active members belong; the others were cut, fired or left. */
  status: 'active' | 'cut' | 'fired' | 'left';
  joined_at: Date;
  removed_at: Date | null;
  removed_by: string | null;
}
