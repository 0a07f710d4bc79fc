import { useMemo, useState } from 'react';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../lib/api/group';
import { useGroupName } from '../../../lib/country-name';
import { filterByName } from './catalogue-sections';
import { CountryList } from './country-list';
import { CountrySearchField } from './country-search-field';
import { CatalogueSection } from './group-section';

/** Rows a page: five lines of two on wide screens, five rows on a phone; the search reaches the rest at once. */
export const COUNTRIES_PER_PAGE = { wide: 10, narrow: 5 };

function summary(t: TFunction<'groups'>, total: number, from: number, to: number, perPage: number): string {
  if (total <= perPage) return t('catalogue.countryCount', { count: total });
  return t('catalogue.showingCountries', { from, to, total });
}

/** Other Countries: searchable by name and paged, so the sections after it stay in reach. */
export function OtherCountriesSection({ title, groups }: { title: string; groups: Group[] }) {
  const { t, i18n } = useTranslation('groups');
  const groupName = useGroupName();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const perPage = wide ? COUNTRIES_PER_PAGE.wide : COUNTRIES_PER_PAGE.narrow;
  // By the names shown, in the interface language's order (country names are translated).
  const matches = useMemo(() => {
    const shown = filterByName(groups, query, groupName);
    if (i18n.language === 'en') return shown;
    const collator = new Intl.Collator(i18n.language);
    return [...shown].sort((a, b) => collator.compare(groupName(a), groupName(b)));
  }, [groups, query, groupName, i18n.language]);
  const pageCount = Math.max(1, Math.ceil(matches.length / perPage));
  // The list can shrink under the member (a verification moves a country to Your Country).
  const current = Math.min(page, pageCount);
  const start = (current - 1) * perPage;
  const shown = matches.slice(start, start + perPage);

  const search = (value: string) => {
    setQuery(value);
    setPage(1);
  };

  return (
    <CatalogueSection title={title}>
      <CountrySearchField value={query} onChange={search} />
      {/* A status, so a screen reader hears how many countries a search left. */}
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {matches.length === 0 ? t('catalogue.noCountryMatches', { query: query.trim() }) : summary(t, matches.length, start + 1, start + shown.length, perPage)}
      </Typography>
      {shown.length > 0 && <CountryList groups={shown} />}
      {pageCount > 1 && (
        <Pagination
          count={pageCount}
          page={current}
          onChange={(_, next) => setPage(next)}
          size="small"
          aria-label={t('catalogue.pages', { title })}
          sx={{ mt: 2, '& ul': { justifyContent: 'center' } }}
        />
      )}
    </CatalogueSection>
  );
}
