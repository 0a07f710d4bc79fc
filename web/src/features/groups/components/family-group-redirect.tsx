import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { MY_FAMILY_GROUP_ALIAS } from '@civitas/events/groups/group.contract';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { ownFamilyGroupId, useUserGroups } from '../api/get-user-groups';
import { GroupDetails } from './group-details';

/** /group/1 stands for the member's own family group: go to its real address. */
export function FamilyGroupRedirect() {
  const memberships = useUserGroups();
  const [, navigate] = useLocation();
  const found = memberships.data ? ownFamilyGroupId(memberships.data) : null;
  const familyId = found === MY_FAMILY_GROUP_ALIAS ? null : found;

  useEffect(() => {
    // Replace: Back should not return to the alias and bounce forward again.
    if (familyId !== null) navigate(`/group/${familyId}`, { replace: true });
  }, [familyId, navigate]);

  if (memberships.isPending || familyId !== null) return <FullPageSpinner label="Loading group..." />;
  // No family group of their own listed yet: the server answers the alias itself.
  return <GroupDetails groupId={MY_FAMILY_GROUP_ALIAS} />;
}
