import { useDeferredValue, useMemo, useState } from 'react';
import Typography from '@mui/material/Typography';
import type { Group } from '../../../lib/api/group';
import { filterByName, splitCatalogue } from './catalogue-sections';
import { CountrySearchField } from './country-search-field';
import { GroupSection } from './group-section';

interface GroupsCatalogueProps {
  groups: Group[];
  /** Names of the member's approved nationalities. */
  verifiedCountries: readonly string[];
}

/** The dashboard's group sections in the spec's order, each hidden when empty. */
export function GroupsCatalogue({ groups, verifiedCountries }: GroupsCatalogueProps) {
  const [countryQuery, setCountryQuery] = useState('');
  // About 250 country cards: let typing stay responsive while the grid re-renders.
  const deferredCountryQuery = useDeferredValue(countryQuery);
  const sections = useMemo(() => splitCatalogue(groups, verifiedCountries), [groups, verifiedCountries]);
  const otherCountries = useMemo(
    () => filterByName(sections.otherCountries, deferredCountryQuery),
    [sections.otherCountries, deferredCountryQuery],
  );

  const { personal, yourCountry, religious, globalForums, alliance } = sections;

  return (
    <>
      {groups.length === 0 && <Typography color="text.secondary">No groups yet.</Typography>}
      {personal.length > 0 && <GroupSection title="Your Personal Groups" groups={personal} />}
      {yourCountry.length > 0 && <GroupSection title="Your Country" groups={yourCountry} />}
      {religious.length > 0 && <GroupSection title="Religious Communities" badge="Free Access" groups={religious} />}
      {globalForums.length > 0 && <GroupSection title="Global Forums" groups={globalForums} />}
      {sections.otherCountries.length > 0 && (
        <GroupSection
          title="Other Countries"
          groups={otherCountries}
          toolbar={<CountrySearchField value={countryQuery} onChange={setCountryQuery} />}
          emptyMessage={`No country matches "${deferredCountryQuery.trim()}".`}
        />
      )}
      {alliance.length > 0 && <GroupSection title="Leadership Alliance" badge="Exclusive" groups={alliance} />}
    </>
  );
}
