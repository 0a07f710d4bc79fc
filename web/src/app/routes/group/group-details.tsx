import Stack from '@mui/material/Stack';
import { isPersonalDepartment } from '@civitas/events/groups/group.events';
import { useTranslation } from 'react-i18next';
import { QueryFallback } from '../../../components/query-fallback';
import { SidebarLayout } from '../../../components/sidebar-layout';
import { GroupNotFound } from '../../../components/group-not-found';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useGroup } from '../../../lib/api/get-group';
import { PersonalGroupManagement } from '../../../features/invitations/components/group-management-card';
import { GroupAccessBanner } from '../../../features/groups/components/group-access-banner';
import { GroupOverviewPanel } from '../../../features/groups/components/group-overview-panel';
import { GroupStatsCard } from '../../../features/groups/components/group-stats-card';
import { DecisionRulesCard } from '../../../features/groups/components/decision-rules-card';
import { GroupMembersCard } from '../../../features/groups/components/group-members-card';
import { GroupTabBar } from '../../../features/groups/components/group-tab-bar';
import { GroupTopicsSection } from '../../../features/topics/components/group-topics-section';
import { ParticipationRequirementsCard } from '../../../features/groups/components/participation-requirements-card';
import { VerifyIdentityDialog } from '../../../features/verification/components/verify-identity-dialog';
import { NationalityManagerDialog } from '../../../features/verification/components/nationality-manager-dialog';
import { LeaderVerificationsPanel } from '../../../features/verification/components/leader-verifications-panel';
import { useUserGroups } from '../../../lib/api/get-user-groups';
import { LeadershipElectionCard } from '../../../features/elections/components/leadership-election-card';
import { LeaderReportsSection } from '../../../features/moderation/components/leader-reports-section';
import { GroupPageHeader } from './group-page-header';
import { useGroupLiveUpdates } from './use-group-live-updates';

function GroupContent({ groupId }: { groupId: number }) {
  const { t } = useTranslation('groups');
  const group = useGroup(groupId);
  const { user } = useCurrentUser();
  const memberships = useUserGroups();
  useGroupLiveUpdates(groupId);

  // A 404 means there is no such group (for this member).
  if (!group.isSuccess) return <QueryFallback query={group} loadingLabel={t('page.loading')} notFound={<GroupNotFound />} />;
  // A members' page: the routes only render it with a member signed in.
  if (!user) return null;

  const data = group.data;
  const isNational = data.department === 'national';
  // A leader of this National group confirms its country's pending verifications here.
  const leadsHere = memberships.data?.some((membership) => membership.groupId === data.id && membership.isLeader) ?? false;
  return (
    <SidebarLayout>
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <GroupPageHeader group={data} member={user} />
        <GroupAccessBanner
          group={data}
          user={user}
          // A member with any claim adds another through the manager (it takes the document); the first goes through the simple dialog.
          renderVerifyDialog={(dialog) => (user.verifications.length > 0 ? <NationalityManagerDialog {...dialog} /> : <VerifyIdentityDialog {...dialog} />)}
        />
        <PersonalGroupManagement group={data} user={user} />
        {(isNational || data.department === 'international') && <GroupOverviewPanel group={data} />}
        <GroupTopicsSection group={data} member={user} />
        {/* Leader reports reach the group's leader and the admins (docs/product.md, Roles); the server enforces it too. */}
        {(leadsHere || user.isAdmin) && <LeaderReportsSection groupId={data.id} />}
      </Stack>
      <Stack component="aside" aria-label={t('page.about')} spacing={3} sx={{ alignSelf: 'start' }}>
        {/* National, International and Religion groups elect a leader; the card shows nothing elsewhere. */}
        <LeadershipElectionCard group={data} userId={user.id} />
        <GroupStatsCard groupId={data.id} />
        {/* How much of the group must take part for a topic to decide; its leaders set it here (issue #34 item 3). */}
        <DecisionRulesCard group={data} />
        {/* Who is in a family, friends or business group; only its members see the page (and the server answers only them). */}
        {isPersonalDepartment(data.department) && data.isMember && <GroupMembersCard groupId={data.id} userId={user.id} />}
        {isNational && leadsHere && data.subcategory && <LeaderVerificationsPanel countryKey={data.subcategory} />}
        {isNational && <ParticipationRequirementsCard group={data} isSubscribed={user.isSubscribed} />}
      </Stack>
    </SidebarLayout>
  );
}

/** /group/<id> for a valid id: the tab bar over the group itself. */
export function GroupDetails({ groupId }: { groupId: number }) {
  return (
    <Stack spacing={3}>
      <GroupTabBar currentGroupId={groupId} />
      {/* Keyed: another group starts afresh (dialogs closed), while the tab strip keeps its scroll. */}
      <GroupContent key={groupId} groupId={groupId} />
    </Stack>
  );
}
