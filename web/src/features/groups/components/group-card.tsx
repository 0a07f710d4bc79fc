import { useId } from 'react';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PeopleIcon from '@mui/icons-material/People';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../lib/api/group';
import { GroupAction } from './group-action';
import { cardSubscriptionLabel, formatMemberCount, subscriptionBadgeColor } from './group-labels';
import { useGroupName } from '../../../lib/country-name';

/** 'card' is a full card from tablet width up and a row on phones; 'row' is a row at every width. */
export type GroupCardLayout = 'card' | 'row';

// A row: name over badge and members, the action beside them. A card: stacked, description included.
const ROW = { areas: '"name action" "meta action"', columns: 'minmax(0, 1fr) auto', rows: 'auto auto' };
const CARD = { areas: '"name" "description" "meta" "action"', columns: 'minmax(0, 1fr)', rows: 'auto 1fr auto auto' };

/** The value for `sx`: a row on phones, and for the 'card' layout a card from `sm` up. */
function byLayout<T>(layout: GroupCardLayout, row: T, card: T) {
  return layout === 'row' ? row : { xs: row, sm: card };
}

export function GroupCard({ group, layout = 'card' }: { group: Group; layout?: GroupCardLayout }) {
  // Subscribes the card to the language (its labels come from group-labels) and waits for the texts.
  useTranslation('groups');
  const groupName = useGroupName();
  const nameId = useId();
  return (
    <Card
      component="article"
      aria-labelledby={nameId}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'grid',
        columnGap: 1.5,
        rowGap: byLayout(layout, 0.25, 1),
        px: byLayout(layout, 1.5, 2),
        py: byLayout(layout, 1, 2),
        gridTemplateAreas: byLayout(layout, ROW.areas, CARD.areas),
        gridTemplateColumns: byLayout(layout, ROW.columns, CARD.columns),
        gridTemplateRows: byLayout(layout, ROW.rows, CARD.rows),
      }}
    >
      <Typography id={nameId} component="h3" variant="h3" sx={{ gridArea: 'name' }}>
        <bdi dir="auto">{groupName(group)}</bdi>
      </Typography>
      {/* Rows, and cards on a phone, leave the description to the group page: a screen holds more groups. */}
      {layout === 'card' && (
        <Typography
          color="text.secondary"
          dir="auto"
          sx={{
            gridArea: 'description',
            display: { xs: 'none', sm: '-webkit-box' },
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {group.description}
        </Typography>
      )}
      <Stack direction="row" useFlexGap sx={{ gridArea: 'meta', gap: 1, flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary' }}>
        <Chip size="small" label={cardSubscriptionLabel(group.subscriptionType)} color={subscriptionBadgeColor(group.subscriptionType)} variant="outlined" />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <PeopleIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{formatMemberCount(group.memberCount)}</Typography>
        </Stack>
      </Stack>
      <Stack
        useFlexGap
        sx={{
          gridArea: 'action',
          // In a row the View Only badge sits over its button, leaving the name the width.
          flexDirection: byLayout(layout, 'column', 'row'),
          gap: byLayout(layout, 0.5, 1),
          alignItems: byLayout(layout, 'flex-end', 'center'),
          alignSelf: 'center',
          // On a card the button fills the width that is left.
          '& .MuiButton-root': { flex: byLayout<string | number>(layout, 'none', 1) },
        }}
      >
        <GroupAction group={group} describedBy={nameId} />
      </Stack>
    </Card>
  );
}
