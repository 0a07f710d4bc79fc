import { MY_FAMILY_GROUP_ALIAS } from '@civitas/events/groups/group.contract';
import { GroupNotFound, parseGroupId } from '../../../components/group-not-found';
import { FamilyGroupRedirect } from './family-group-redirect';
import { GroupDetails } from './group-details';

/** /group/<groupId> (docs/product.md, Screens). */
export function GroupPage({ id }: { id: string }) {
  const groupId = parseGroupId(id);
  if (groupId === null) return <GroupNotFound />;
  if (groupId === MY_FAMILY_GROUP_ALIAS) return <FamilyGroupRedirect />;
  return <GroupDetails groupId={groupId} />;
}
