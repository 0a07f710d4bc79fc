import { useDeferredValue, useMemo, useState } from 'react';
import Typography from '@mui/material/Typography';
import type { Group } from '../api/group';
import { filterByName, splitCatalogue } from './catalogue-sections';
import { CountrySearchField } from './country-search-field';
import { GroupSection } from './group-section';

/** The groups catalogue in its sections, each hidden when empty; the dashboard lists it. */
export function GroupsCatalogue({ groups }: { groups: Group[] }) {
  const [countryQuery, setCountryQuery] = useState('');
  // About 250 country cards: let typing stay responsive while the grid re-renders.
  const deferredCountryQuery = useDeferredValue(countryQuery);
  const sections = useMemo(() => splitCatalogue(groups), [groups]);
  const countries = useMemo(
    () => filterByName(sections.countries, deferredCountryQuery),
    [sections.countries, deferredCountryQuery],
  );

  const { religious, globalForums, alliance } = sections;
  const hasAnyGroup = religious.length + globalForums.length + sections.countries.length + alliance.length > 0;

  return (
    <>
      {!hasAnyGroup && <Typography color="text.secondary">No groups yet.</Typography>}
      {religious.length > 0 && <GroupSection title="Religious Communities" badge="Free Access" groups={religious} />}
      {globalForums.length > 0 && <GroupSection title="Global Forums" groups={globalForums} />}
      {sections.countries.length > 0 && (
        <GroupSection
          title="Countries"
          groups={countries}
          toolbar={<CountrySearchField value={countryQuery} onChange={setCountryQuery} />}
          emptyMessage={`No country matches "${deferredCountryQuery.trim()}".`}
        />
      )}
      {alliance.length > 0 && <GroupSection title="Leadership Alliance" badge="Exclusive" groups={alliance} />}
    </>
  );
}
