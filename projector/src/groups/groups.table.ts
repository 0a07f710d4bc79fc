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
  member_count: number;
  created_at: Date;
  updated_at: Date;
}
