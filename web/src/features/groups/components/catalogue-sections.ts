import { countryKey } from '@civitas/events/groups/countries';
import { i18n } from '../../../i18n';
import type { Group, GroupDepartment } from '../../../lib/api/group';

/** docs/product.md, Screens: Dashboard, also files these names under Religious Communities, whatever their department. */
const RELIGION_NAMES = new Set(['Islam', 'Christianity', 'Judaism', 'Hinduism', 'Buddhism']);
/** docs/product.md, Screens: Dashboard. Personal groups are the private departments, or groups named after them. */
const PERSONAL_NAME = /\b(Family|Friends|Business)\b/;
const PERSONAL_ORDER: Partial<Record<GroupDepartment, number>> = { family: 0, friends: 1, business: 2 };

/** The dashboard's group sections, in the order of docs/product.md, Screens: Dashboard. */
export interface CatalogueSections {
  personal: Group[];
  yourCountry: Group[];
  religious: Group[];
  globalForums: Group[];
  otherCountries: Group[];
  alliance: Group[];
}

function byName(a: Group, b: Group): number {
  return a.name.localeCompare(b.name);
}

function isPersonal(group: Group): boolean {
  return group.department in PERSONAL_ORDER || PERSONAL_NAME.test(group.name);
}

function isReligious(group: Group): boolean {
  return group.department === 'religion' || RELIGION_NAMES.has(group.name);
}

/** Family, friends, business; by name within each. */
function byPersonalOrder(a: Group, b: Group): number {
  const rank = (group: Group) => PERSONAL_ORDER[group.department] ?? Object.keys(PERSONAL_ORDER).length;
  return rank(a) - rank(b) || byName(a, b);
}

/**
 * Splits the groups into the dashboard's sections; every group appears in one section at
 * most. `verifiedCountries` are the names of the member's approved nationalities: their
 * National groups make up "Your Country".
 */
export function splitCatalogue(groups: Group[], verifiedCountries: readonly string[] = []): CatalogueSections {
  const ownKeys = new Set(verifiedCountries.map(countryKey));
  const isOwnCountry = (group: Group) => ownKeys.has(group.subcategory ?? countryKey(group.name));

  const personal = groups.filter(isPersonal);
  const rest = groups.filter((group) => !isPersonal(group));
  const religious = rest.filter(isReligious);
  const others = rest.filter((group) => !isReligious(group));
  const national = others.filter((group) => group.department === 'national');
  return {
    personal: personal.sort(byPersonalOrder),
    yourCountry: national.filter(isOwnCountry).sort(byName),
    religious,
    globalForums: others.filter((group) => group.department === 'international'),
    otherCountries: national.filter((group) => !isOwnCountry(group)).sort(byName),
    alliance: others.filter((group) => group.department === 'alliance'),
  };
}

export type SectionKey = keyof CatalogueSections;

const SECTION_ORDER: readonly SectionKey[] = ['personal', 'yourCountry', 'religious', 'globalForums', 'otherCountries', 'alliance'];
/** The sections docs/product.md, Screens: Dashboard, gives a badge beside the title. */
const BADGED = new Set<SectionKey>(['religious', 'alliance']);

/**
 * A section's title and badge, in the order of docs/product.md, Screens: Dashboard. Getters: the texts are read when shown,
 * in the interface language of that moment.
 */
export const SECTION_HEADINGS: readonly { key: SectionKey; readonly title: string; readonly badge?: string }[] = SECTION_ORDER.map((key) => ({
  key,
  get title() {
    return i18n.t(`groups:sections.${key}`);
  },
  get badge() {
    return BADGED.has(key) ? i18n.t(`groups:sectionBadges.${key as 'religious' | 'alliance'}`) : undefined;
  },
}));

/** Case- and accent-insensitive, so "cote" finds "Côte d'Ivoire". */
function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

export function filterByName(groups: Group[], query: string, shownName: (group: Group) => string = (group) => group.name): Group[] {
  const needle = searchable(query.trim());
  if (!needle) return groups;
  // The stored name or the one shown (a country's name in the interface language).
  return groups.filter((group) => searchable(group.name).includes(needle) || searchable(shownName(group)).includes(needle));
}
