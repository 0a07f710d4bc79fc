import { COUNTRIES } from './countries';
import type { GroupCreatedData } from './group.events';
import type { z } from 'zod';

export type CatalogueGroup = z.infer<typeof GroupCreatedData>;

/**
 * Group ids (docs/decisions.md): 1 is the alias for a member's own family group, 2-8 the
 * religions, International and Alliance, 1000 + ISO numeric code the National groups (so a list
 * update never renumbers them), 10000 and up the personal groups.
 */
const NATIONAL_GROUP_ID_BASE = 1000;

const RELIGIONS = [
  { groupId: 2, name: 'Islam', members: 'Muslims' },
  { groupId: 3, name: 'Christianity', members: 'Christians' },
  { groupId: 4, name: 'Judaism', members: 'Jews' },
  { groupId: 5, name: 'Hinduism', members: 'Hindus' },
  { groupId: 6, name: 'Buddhism', members: 'Buddhists' },
];

const COMMON_FEATURES = ['Discussion topics', 'Opinion voting', 'Real-time chat', 'Vote delegation'];

/** The groups the platform creates on first start, with stable ids. */
export const CATALOGUE: readonly CatalogueGroup[] = [
  ...RELIGIONS.map(({ groupId, name, members }) => ({
    groupId,
    name,
    description: `An open community where ${members} discuss shared matters, resolve disputes and decide together. Free for every member.`,
    department: 'religion' as const,
    subcategory: name.toLowerCase(),
    subscriptionType: 'free' as const,
    features: [...COMMON_FEATURES, 'Dispute resolutions'],
    ownerId: null,
  })),
  {
    groupId: 7,
    name: 'International',
    description: 'A global forum for questions that cross borders: trade, climate, migration and peace.',
    department: 'international',
    subcategory: null,
    subscriptionType: 'premium',
    features: [...COMMON_FEATURES, 'Law amendments', 'Dispute resolutions'],
    ownerId: null,
  },
  {
    groupId: 8,
    name: 'Alliance',
    description: 'The leadership alliance, where leaders elected in other groups coordinate and decide together.',
    department: 'alliance',
    subcategory: null,
    subscriptionType: 'elite',
    features: [...COMMON_FEATURES, 'Leaders only'],
    ownerId: null,
  },
  ...COUNTRIES.map((country) => ({
    groupId: NATIONAL_GROUP_ID_BASE + country.numeric,
    name: country.name,
    description: `The national group of ${country.name}: propose law amendments, resolve disputes and elect representatives.`,
    department: 'national' as const,
    subcategory: country.key,
    subscriptionType: 'premium' as const,
    features: [...COMMON_FEATURES, 'Law amendments', 'Dispute resolutions', 'Elections'],
    ownerId: null,
  })),
];
