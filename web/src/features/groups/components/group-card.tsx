import { useId } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PeopleIcon from '@mui/icons-material/People';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Link as RouterLink } from 'wouter';
import type { Group } from '../../../lib/api/group';
import { CARD_SUBSCRIPTION_LABELS, formatMemberCount, subscriptionBadgeColor } from './group-labels';

export function GroupCard({ group }: { group: Group }) {
  const nameId = useId();
  return (
    <Card
      component="article"
      aria-labelledby={nameId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography id={nameId} component="h3" variant="h3">
            {group.name}
          </Typography>
          <Chip
            size="small"
            label={CARD_SUBSCRIPTION_LABELS[group.subscriptionType]}
            color={subscriptionBadgeColor(group.subscriptionType)}
            variant="outlined"
          />
        </Stack>
        <Typography
          color="text.secondary"
          sx={{ mt: 1, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {group.description}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ mt: 2, alignItems: 'center', color: 'text.secondary' }}>
          <PeopleIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{formatMemberCount(group.memberCount)}</Typography>
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        {/* Spec: Join Discussion where the member may take part, else View Group marked View Only. */}
        {group.canParticipate ? (
          <Button component={RouterLink} href={`/group/${group.id}`} variant="contained" fullWidth>
            Join Discussion
          </Button>
        ) : (
          <>
            <Chip size="small" label="View Only" icon={<VisibilityIcon aria-hidden />} />
            <Button component={RouterLink} href={`/group/${group.id}`} variant="outlined" sx={{ flex: 1 }}>
              View Group
            </Button>
          </>
        )}
      </CardActions>
    </Card>
  );
}
