import { DELEGATE_SEARCH_DEPARTMENTS } from '@civitas/events/delegation/delegation.contract';
import type { Group } from '../../../lib/api/group';

const SEARCHABLE: ReadonlySet<string> = new Set(DELEGATE_SEARCH_DEPARTMENTS);

/** Whether delegates can be searched (and so chosen by name) in the group: National, International, Alliance. */
export const isDelegationGroup = (group: Pick<Group, 'department'>) => SEARCHABLE.has(group.department);

/**
 * The groups the find-delegates dialog offers: National, International and Alliance (docs/product.md,
 * Rules) where the member takes part, by name. Only there can they delegate: a member who
 * may not take part carries no weight to lend, and the server refuses it.
 */
export function delegationGroupChoices(groups: readonly Group[]): Group[] {
  return groups.filter((group) => isDelegationGroup(group) && group.canParticipate).sort((a, b) => a.name.localeCompare(b.name));
}
