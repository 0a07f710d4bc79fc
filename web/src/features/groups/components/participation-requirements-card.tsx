import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('groups');
  const requirements: Requirement[] = [
    {
      title: t('requirements.citizenship', { name: group.name }),
      purpose: t('requirements.citizenshipPurpose'),
      // National eligibility is exactly a verified nationality of this country.
      met: group.canParticipate,
    },
    {
      title: t('requirements.subscription'),
      purpose: t('requirements.subscriptionPurpose'),
      met: isSubscribed,
    },
  ];
  return (
    <SectionCard title={t('requirements.title')} titleGap={1}>
      <Typography variant="body2" color="text.secondary">
        {t('requirements.intro')}
      </Typography>
      <List dense disablePadding>
        {requirements.map(({ title, purpose, met }) => (
          <ListItem
            key={title}
            disableGutters
            alignItems="flex-start"
            secondaryAction={<Chip size="small" label={met ? t('requirements.met') : t('requirements.notMet')} color={met ? 'success' : 'default'} />}
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
