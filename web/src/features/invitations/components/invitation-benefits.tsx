import { useId } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';

/** What joining the group lets the member do. */
export function InvitationBenefits({ heading, benefits }: { heading: string; benefits: readonly string[] }) {
  const headingId = useId();
  return (
    <Box>
      <Typography id={headingId} variant="h3" component="h2">
        {heading}
      </Typography>
      <List dense aria-labelledby={headingId}>
        {benefits.map((benefit) => (
          <ListItem key={benefit} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <CheckCircleIcon color="success" fontSize="small" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={benefit} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
