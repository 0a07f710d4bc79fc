import type { Group } from '../api/group';

/** The spec also files these names under Religious Communities, whatever their department. */
const RELIGION_NAMES = new Set(['Islam', 'Christianity', 'Judaism', 'Hinduism', 'Buddhism']);

export interface CatalogueSections {
  religious: Group[];
  globalForums: Group[];
  countries: Group[];
  alliance: Group[];
}

function isReligious(group: Group): boolean {
  return group.department === 'religion' || RELIGION_NAMES.has(group.name);
}

export function byName(a: Group, b: Group): number {
  return a.name.localeCompare(b.name);
}

/** Splits the catalogue into its sections; a group appears in one section at most. */
export function splitCatalogue(groups: Group[]): CatalogueSections {
  const others = groups.filter((group) => !isReligious(group));
  return {
    religious: groups.filter(isReligious),
    globalForums: others.filter((group) => group.department === 'international'),
    countries: others.filter((group) => group.department === 'national').sort(byName),
    alliance: others.filter((group) => group.department === 'alliance'),
  };
}

/** Case- and accent-insensitive, so "cote" finds "Côte d'Ivoire". */
function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase();
}

export function filterByName(groups: Group[], query: string): Group[] {
  const needle = searchable(query.trim());
  if (!needle) return groups;
  return groups.filter((group) => searchable(group.name).includes(needle));
}
