import type { GroupMembersTable, GroupsTable } from './groups/groups.table';
import type { UsersTable } from './identity/users.table';
import type { InvitationsTable } from './invitations/invitations.table';
import type { OpinionsTable, VotesTable } from './opinions/opinions.table';
import type { GroupActivityTable, GroupParticipantsTable, MemberStatsTable, TopicParticipantsTable } from './profiles/participation.table';
import type { SubscriptionPaymentsTable } from './subscriptions/subscription-payments.table';
import type { LawsTable, TopicsTable } from './topics/topics.table';
import type { UserVerificationsTable } from './verification/user-verifications.table';

/** Every read model, as the command and query sides read them (schema-bound Kysely). */
export interface ReadModels {
  groups: GroupsTable;
  group_members: GroupMembersTable;
  users: UsersTable;
  user_verifications: UserVerificationsTable;
  subscription_payments: SubscriptionPaymentsTable;
  topics: TopicsTable;
  laws: LawsTable;
  opinions: OpinionsTable;
  votes: VotesTable;
  member_stats: MemberStatsTable;
  topic_participants: TopicParticipantsTable;
  group_participants: GroupParticipantsTable;
  group_activity: GroupActivityTable;
  invitations: InvitationsTable;
}
