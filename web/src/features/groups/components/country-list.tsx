import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../lib/api/group';
import { GroupCard } from './group-card';

/** National groups as compact rows, two columns on wide screens: a card each made 250 screens of cards. */
export function CountryList({ groups }: { groups: Group[] }) {
  const { t } = useTranslation('groups');
  return (
    <Box
      component="ul"
      aria-label={t('catalogue.countries')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}
    >
      {groups.map((group) => (
        <li key={group.id}>
          <GroupCard group={group} layout="row" />
        </li>
      ))}
    </Box>
  );
}
