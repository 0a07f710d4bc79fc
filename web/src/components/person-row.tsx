import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One row in a list of people (members, invitations, delegates): who on the left, a detail line under it, state and actions on the right. */
export function PersonRow({ name, detail, label, children }: { name: ReactNode; detail?: ReactNode; label?: string; children?: ReactNode }) {
  return (
    <Stack
      component="li"
      aria-label={label}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', py: 1 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <bdi dir="auto">{name}</bdi>
        </Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        )}
      </Box>
      {children}
    </Stack>
  );
}
