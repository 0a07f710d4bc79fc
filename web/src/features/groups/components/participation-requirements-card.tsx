import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { Group } from '../../../lib/api/group';
import { SectionCard } from '../../../components/section-card';

interface Requirement {
  title: string;
  purpose: string;
  met: boolean;
}

interface ParticipationRequirementsCardProps {
  group: Group;
  isSubscribed: boolean;
}

/** National groups: what taking part needs, and which of it the member already has. */
export function ParticipationRequirementsCard({ group, isSubscribed }: ParticipationRequirementsCardProps) {
  const requirements: Requirement[] = [
    {
      title: `Verified citizenship of ${group.name}`,
      purpose: 'To post opinions and vote.',
      // National eligibility is exactly a verified nationality of this country.
      met: group.canParticipate,
    },
    {
      title: 'Civic Participation subscription',
      purpose: 'To create law amendments and dispute resolutions, and to run as a candidate.',
      met: isSubscribed,
    },
  ];
  return (
    <SectionCard title="Participation Requirements" titleGap={1}>
      <Typography variant="body2" color="text.secondary">
        Anyone can follow the discussions of this group.
      </Typography>
      <List dense disablePadding>
        {requirements.map(({ title, purpose, met }) => (
          <ListItem
            key={title}
            disableGutters
            alignItems="flex-start"
            secondaryAction={<Chip size="small" label={met ? 'Met' : 'Not met'} color={met ? 'success' : 'default'} />}
          >
            <ListItemIcon sx={{ minWidth: 32, mt: 0.5 }}>
              {met ? <CheckCircleIcon color="success" aria-hidden /> : <RadioButtonUncheckedIcon aria-hidden />}
            </ListItemIcon>
            <ListItemText primary={title} secondary={purpose} sx={{ pr: 7 }} />
          </ListItem>
        ))}
      </List>
    </SectionCard>
  );
}
