import { useId, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatPeriod, PLAN_FEATURE_KEYS, planName, type Plan } from '../../../lib/plan-prices';

interface PlanCardProps {
  plan: Plan;
  /** The plan the member holds now. */
  current?: boolean;
  /** The buttons to buy it with; none when the member cannot buy it now. */
  actions?: ReactNode;
}

/** One plan as section 9 defines it: USD first, SAR and EUR beside it, per period. */
export function PlanCard({ plan, current = false, actions }: PlanCardProps) {
  const { t } = useTranslation('subscriptions');
  const nameId = useId();
  const name = planName(plan);
  return (
    <Card
      component="article"
      aria-labelledby={nameId}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', borderColor: current ? 'primary.main' : undefined }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Typography id={nameId} component="h2" variant="h3">
            {name}
          </Typography>
          {current && <Chip label={t('planCard.current')} color="primary" size="small" />}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mt: 2 }}>
          <Typography component="p" variant="h1">
            {formatAmount('USD', plan.prices.USD)}
          </Typography>
          <Typography color="text.secondary">{formatPeriod(plan)}</Typography>
        </Stack>
        <Typography color="text.secondary">
          {formatAmount('SAR', plan.prices.SAR)} · {formatAmount('EUR', plan.prices.EUR)}
        </Typography>
        {'savesUsdPerYear' in plan && (
          <Chip label={t('planCard.saves', { amount: formatAmount('USD', plan.savesUsdPerYear) })} color="success" size="small" sx={{ mt: 1.5 }} />
        )}
        <List dense aria-label={t('planCard.includes', { plan: name })} sx={{ mt: 1 }}>
          {PLAN_FEATURE_KEYS.map((feature) => (
            <ListItem key={feature} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckIcon color="success" fontSize="small" aria-hidden />
              </ListItemIcon>
              <ListItemText primary={t(`prices.features.${feature}`)} />
            </ListItem>
          ))}
        </List>
      </CardContent>
      {actions && (
        <CardActions disableSpacing sx={{ px: 2, pb: 2, flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
          {actions}
        </CardActions>
      )}
    </Card>
  );
}
