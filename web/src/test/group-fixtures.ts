import type { Group } from '../features/groups/api/group';

let nextId = 100;

export function makeGroup(overrides: Partial<Group> & Pick<Group, 'name' | 'department'>): Group {
  nextId += 1;
  return {
    id: nextId,
    description: `${overrides.name} discussion group`,
    subcategory: null,
    subscriptionType: 'free',
    features: [],
    memberCount: 0,
    type: overrides.department,
    requiresSubscription: false,
    ...overrides,
  };
}
