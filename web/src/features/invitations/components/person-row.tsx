import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One row in an owner's lists (people, invitations): who on the left, a detail line under it, state and actions on the right. */
export function PersonRow({ name, detail, children }: { name: string; detail?: string; children?: ReactNode }) {
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', py: 1 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{name}</Typography>
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
