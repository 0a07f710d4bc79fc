import { useId, useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../lib/api/group';
import { SECTION_HEADINGS, splitCatalogue, type SectionKey } from './catalogue-sections';
import { DepartmentIcon } from './department-icon';
import { groupTabBadge } from './group-labels';
import { useGroupName } from '../../../lib/country-name';

interface GroupSwitcherProps {
  groups: Group[];
  currentGroupId: number;
  /** Names of the member's approved nationalities: their countries list with the member's own groups. */
  verifiedCountries: readonly string[];
  onChoose: (group: Group) => void;
}

/** The groups in the dashboard's order (own groups and countries first), each with its section. */
function orderedGroups(groups: Group[], verifiedCountries: readonly string[]) {
  const sections = splitCatalogue(groups, verifiedCountries);
  const sectionOf = new Map<number, SectionKey>();
  const options = SECTION_HEADINGS.flatMap(({ key }) => {
    sections[key].forEach((group) => sectionOf.set(group.id, key));
    return sections[key];
  });
  return { options, sectionOf };
}

/** A searchable switcher for many groups: typing a few letters finds any of 250 countries. */
export function GroupSwitcher({ groups, currentGroupId, verifiedCountries, onChoose }: GroupSwitcherProps) {
  const { t } = useTranslation('groups');
  const groupName = useGroupName();
  const { options, sectionOf } = useMemo(() => orderedGroups(groups, verifiedCountries), [groups, verifiedCountries]);
  const current = options.find((group) => group.id === currentGroupId) ?? null;
  const sectionIdPrefix = useId();
  return (
    <Autocomplete
      options={options}
      value={current}
      onChange={(_, group) => {
        if (group && group.id !== currentGroupId) onChoose(group);
      }}
      groupBy={(group) => {
        const section = sectionOf.get(group.id);
        return section ? t(`sections.${section}`) : '';
      }}
      getOptionLabel={groupName}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      // Choosing is navigating: an emptied field has nothing to go to.
      disableClearable={current !== null}
      autoHighlight
      noOptionsText={t('tabs.noMatches')}
      // Each section a named group of options, so a screen reader says where a group belongs.
      renderGroup={({ key, group, children }) => (
        <li key={key} role="presentation">
          {/* As MUI's own group header: sticky over the listbox's top padding too. */}
          <ListSubheader component="div" id={`${sectionIdPrefix}-${key}`} sx={{ top: -8 }}>
            {group}
          </ListSubheader>
          <Box component="ul" role="group" aria-labelledby={`${sectionIdPrefix}-${key}`} sx={{ p: 0 }}>
            {children}
          </Box>
        </li>
      )}
      renderOption={({ key, ...props }, group) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          <DepartmentIcon department={group.department} fontSize="small" color="action" />
          <Box component="bdi" dir="auto" sx={{ flex: 1 }}>
            {groupName(group)}
          </Box>
          <Chip size="small" variant="outlined" label={groupTabBadge(group)} />
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={t('tabs.switchGroup')} size="small" />}
      sx={{ width: { xs: '100%', sm: 420 } }}
    />
  );
}
