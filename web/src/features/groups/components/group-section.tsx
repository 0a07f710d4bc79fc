import type { ReactNode } from 'react';
import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Group } from '../../../lib/api/group';
import { GroupCard } from './group-card';

interface GroupSectionProps {
  title: string;
  badge?: string;
  groups: Group[];
  /** Controls shown under the heading, such as a search field. */
  toolbar?: ReactNode;
  /** Shown instead of the grid when `groups` is empty (e.g. nothing matches a search). */
  emptyMessage?: ReactNode;
}

export function GroupSection({ title, badge, groups, toolbar, emptyMessage }: GroupSectionProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id={headingId} component="h2" variant="h2">
          {title}
        </Typography>
        {badge && <Chip size="small" label={badge} color="primary" />}
      </Stack>
      {toolbar}
      {groups.length === 0 ? (
        <Typography color="text.secondary">{emptyMessage}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {groups.map((group) => (
            <GroupCard key={group.id} group={group} />
          ))}
        </Box>
      )}
    </Box>
  );
}
