import { describe, expect, it } from 'vitest';
import { makeGroup } from '../../../test/group-fixtures';
import { filterByName, splitCatalogue } from './catalogue-sections';

describe('splitCatalogue', () => {
  it('files each group under one section and sorts countries by name', () => {
    const islam = makeGroup({ name: 'Islam', department: 'religion' });
    const forum = makeGroup({ name: 'World Climate Forum', department: 'international' });
    const peru = makeGroup({ name: 'Peru', department: 'national' });
    const chad = makeGroup({ name: 'Chad', department: 'national' });
    const alliance = makeGroup({ name: 'Leaders Alliance', department: 'alliance' });
    const family = makeGroup({ name: 'Family', department: 'family' });

    expect(splitCatalogue([peru, islam, family, alliance, chad, forum])).toEqual({
      religious: [islam],
      globalForums: [forum],
      countries: [chad, peru],
      alliance: [alliance],
    });
  });

  it('counts the named faiths as religious communities whatever their department', () => {
    const buddhism = makeGroup({ name: 'Buddhism', department: 'international' });
    const sections = splitCatalogue([buddhism]);
    expect(sections.religious).toEqual([buddhism]);
    expect(sections.globalForums).toEqual([]);
  });
});

describe('filterByName', () => {
  const countries = ['Saudi Arabia', 'France', "Côte d'Ivoire"].map((name) =>
    makeGroup({ name, department: 'national' }),
  );

  it('matches case- and accent-insensitively', () => {
    expect(filterByName(countries, ' saudi ').map((group) => group.name)).toEqual(['Saudi Arabia']);
    expect(filterByName(countries, 'cote').map((group) => group.name)).toEqual(["Côte d'Ivoire"]);
  });

  it('keeps everything for a blank query', () => {
    expect(filterByName(countries, '  ')).toHaveLength(3);
  });
});
