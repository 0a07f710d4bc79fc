import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import type { Group } from '../../../lib/api/group';
import { SECTION_HEADINGS, splitCatalogue } from './catalogue-sections';
import { GroupSection } from './group-section';
import { OtherCountriesSection } from './other-countries-section';

interface GroupsCatalogueProps {
  groups: Group[];
  /** Names of the member's approved nationalities. */
  verifiedCountries: readonly string[];
}

/** The dashboard's group sections in the spec's order, each hidden when empty. */
export function GroupsCatalogue({ groups, verifiedCountries }: GroupsCatalogueProps) {
  const sections = useMemo(() => splitCatalogue(groups, verifiedCountries), [groups, verifiedCountries]);
  return (
    <>
      {groups.length === 0 && <Typography color="text.secondary">No groups yet.</Typography>}
      {SECTION_HEADINGS.map(({ key, title, badge }) => {
        const members = sections[key];
        if (members.length === 0) return null;
        // About 250 countries: a paged, searchable list instead of a card each.
        if (key === 'otherCountries') return <OtherCountriesSection key={key} title={title} groups={members} />;
        return <GroupSection key={key} title={title} badge={badge} groups={members} />;
      })}
    </>
  );
}
