import { describe, expect, it } from 'vitest';
import { makeGroup, makeNationalGroup } from '../../../test/group-fixtures';
import { filterByName, splitCatalogue } from './catalogue-sections';

describe('splitCatalogue', () => {
  const family = makeGroup({ name: "Amina's Family", department: 'family' });
  const friends = makeGroup({ name: "Amina's Friends", department: 'friends' });
  const business = makeGroup({ name: "Amina's Business", department: 'business' });
  const islam = makeGroup({ name: 'Islam', department: 'religion' });
  const forum = makeGroup({ name: 'International', department: 'international' });
  const saudiArabia = makeNationalGroup('Saudi Arabia');
  const peru = makeNationalGroup('Peru');
  const chad = makeNationalGroup('Chad');
  const alliance = makeGroup({ name: 'Alliance', department: 'alliance' });

  it('files each group under one section, personal groups and own countries first', () => {
    const all = [peru, islam, business, alliance, chad, saudiArabia, forum, friends, family];

    expect(splitCatalogue(all, ['Saudi Arabia'])).toEqual({
      personal: [family, friends, business],
      yourCountry: [saudiArabia],
      religious: [islam],
      globalForums: [forum],
      otherCountries: [chad, peru],
      alliance: [alliance],
    });
  });

  it('lists every verified country under Your Country, and none without a verification', () => {
    expect(splitCatalogue([peru, saudiArabia, chad], ['Peru', 'Saudi Arabia']).yourCountry).toEqual([peru, saudiArabia]);
    const unverified = splitCatalogue([peru, saudiArabia]);
    expect(unverified.yourCountry).toEqual([]);
    expect(unverified.otherCountries).toEqual([peru, saudiArabia]);
  });

  it('matches a country by its key, whatever the case of the verification', () => {
    const usa = makeNationalGroup('United States of America');
    expect(splitCatalogue([usa], ['united states of america']).yourCountry).toEqual([usa]);
  });

  it('counts the named faiths as religious communities whatever their department', () => {
    const buddhism = makeGroup({ name: 'Buddhism', department: 'international' });
    const sections = splitCatalogue([buddhism]);
    expect(sections.religious).toEqual([buddhism]);
    expect(sections.globalForums).toEqual([]);
  });

  it('counts groups named Family, Friends or Business as personal', () => {
    const named = makeGroup({ name: 'Family', department: 'religion' });
    expect(splitCatalogue([named]).personal).toEqual([named]);
    expect(splitCatalogue([named]).religious).toEqual([]);
  });
});

describe('filterByName', () => {
  const countries = ['Saudi Arabia', 'France', "Côte d'Ivoire"].map((name) => makeNationalGroup(name));

  it('matches case- and accent-insensitively', () => {
    expect(filterByName(countries, ' saudi ').map((group) => group.name)).toEqual(['Saudi Arabia']);
    expect(filterByName(countries, 'cote').map((group) => group.name)).toEqual(["Côte d'Ivoire"]);
  });

  it('keeps everything for a blank query', () => {
    expect(filterByName(countries, '  ')).toHaveLength(3);
  });
});
