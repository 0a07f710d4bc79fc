import type { ReactNode } from 'react';
import { useId } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Group } from '../../../lib/api/group';
import { GroupCard } from './group-card';

interface CatalogueSectionProps {
  title: string;
  badge?: string;
  children: ReactNode;
}

/** A dashboard section named by its heading, with its badge beside it (docs/product.md, Screens: Dashboard). */
export function CatalogueSection({ title, badge, children }: CatalogueSectionProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography id={headingId} component="h2" variant="h2">
          {title}
        </Typography>
        {badge && <Chip size="small" label={badge} color="primary" />}
      </Stack>
      {children}
    </Box>
  );
}

/** A section of full group cards: the few groups a member is most likely to open. */
export function GroupSection({ title, badge, groups }: { title: string; badge?: string; groups: Group[] }) {
  return (
    <CatalogueSection title={title} badge={badge}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1, sm: 2 },
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {groups.map((group) => (
          <GroupCard key={group.id} group={group} />
        ))}
      </Box>
    </CatalogueSection>
  );
}
