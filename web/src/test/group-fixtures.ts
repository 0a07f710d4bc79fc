import type { Group } from '../lib/api/group';

let nextId = 100;

/** A catalogue group the member may only view, unless the overrides say otherwise. */
export function makeGroup(overrides: Partial<Group> & Pick<Group, 'name' | 'department'>): Group {
  nextId += 1;
  return {
    id: nextId,
    description: `${overrides.name} discussion group`,
    subcategory: null,
    subscriptionType: 'free',
    features: [],
    ownerId: null,
    memberCount: 0,
    type: overrides.department,
    requiresSubscription: false,
    canParticipate: false,
    isMember: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The National group of a country, keyed as the server keys it (lowercase, underscores). */
export function makeNationalGroup(name: string, overrides: Partial<Group> = {}): Group {
  return makeGroup({
    name,
    department: 'national',
    subcategory: name.toLowerCase().replace(/ /g, '_'),
    subscriptionType: 'premium',
    requiresSubscription: true,
    ...overrides,
  });
}
