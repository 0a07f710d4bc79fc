import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../lib/api/group';
import { SECTION_HEADINGS, splitCatalogue } from './catalogue-sections';
import { GroupSection } from './group-section';
import { OtherCountriesSection } from './other-countries-section';

interface GroupsCatalogueProps {
  groups: Group[];
  /** Names of the member's approved nationalities. */
  verifiedCountries: readonly string[];
}

/** The dashboard's group sections in the order of docs/product.md, Screens: Dashboard, each hidden when empty. */
export function GroupsCatalogue({ groups, verifiedCountries }: GroupsCatalogueProps) {
  const { t } = useTranslation('groups');
  const sections = useMemo(() => splitCatalogue(groups, verifiedCountries), [groups, verifiedCountries]);
  return (
    <>
      {groups.length === 0 && <Typography color="text.secondary">{t('catalogue.empty')}</Typography>}
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
