import { useDeferredValue, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { useGroups } from '../api/get-groups';
import { filterByName, splitCatalogue } from './catalogue-sections';
import { CountrySearchField } from './country-search-field';
import { GroupSection } from './group-section';

/** The public groups catalogue; the home page until the signed-in dashboard exists. */
export function GroupsCataloguePage() {
  const groups = useGroups();
  const [countryQuery, setCountryQuery] = useState('');
  // About 250 country cards: let typing stay responsive while the grid re-renders.
  const deferredCountryQuery = useDeferredValue(countryQuery);
  const sections = useMemo(() => splitCatalogue(groups.data ?? []), [groups.data]);
  const countries = useMemo(
    () => filterByName(sections.countries, deferredCountryQuery),
    [sections.countries, deferredCountryQuery],
  );

  if (groups.isPending) return <FullPageSpinner />;
  if (groups.isError) {
    return (
      <Alert severity="error">
        <AlertTitle>Could not load groups</AlertTitle>
        {groups.error.message}
      </Alert>
    );
  }

  const { religious, globalForums, alliance } = sections;
  const hasAnyGroup = religious.length + globalForums.length + sections.countries.length + alliance.length > 0;

  return (
    <>
      <Typography variant="h1" sx={{ mb: 4 }}>
        Groups
      </Typography>
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
