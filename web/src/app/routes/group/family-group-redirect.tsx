import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { MY_FAMILY_GROUP_ALIAS } from '@civitas/events/groups/group.contract';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { useCurrentUser } from '../../../lib/api/get-current-user';
import { useGroups } from '../../../lib/api/get-groups';
import { ownGroupId } from '../../../lib/api/group';
import { GroupDetails } from './group-details';

/** /group/1 stands for the member's own family group: go to its real address. */
export function FamilyGroupRedirect() {
  const { t } = useTranslation('groups');
  const groups = useGroups();
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const found = groups.data && user ? ownGroupId(groups.data, user.id, 'family') : undefined;
  const familyId = found === MY_FAMILY_GROUP_ALIAS ? undefined : found;

  useEffect(() => {
    // Replace: Back should not return to the alias and bounce forward again.
    if (familyId !== undefined) navigate(`/group/${familyId}`, { replace: true });
  }, [familyId, navigate]);

  if (groups.isPending || familyId !== undefined) return <FullPageSpinner label={t('page.loading')} />;
  // No family group of their own listed yet: the server answers the alias itself.
  return <GroupDetails groupId={MY_FAMILY_GROUP_ALIAS} />;
}
