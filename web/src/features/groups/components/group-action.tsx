import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { Group } from '../../../lib/api/group';

interface GroupActionProps {
  group: Group;
  /** The id of the element naming the group, so "View Group" says which one. */
  describedBy?: string;
}

/** docs/product.md, Screens: Dashboard. Join Discussion where the member may take part, else View Group marked View Only. */
export function GroupAction({ group, describedBy }: GroupActionProps) {
  const { t } = useTranslation('groups');
  const href = `/group/${group.id}`;
  if (group.canParticipate) {
    return (
      <Button component={RouterLink} href={href} variant="contained" size="small" aria-describedby={describedBy}>
        {t('card.joinDiscussion')}
      </Button>
    );
  }
  return (
    <>
      <Chip size="small" label={t('card.viewOnly')} icon={<VisibilityIcon aria-hidden />} />
      <Button component={RouterLink} href={href} variant="outlined" size="small" aria-describedby={describedBy}>
        {t('card.viewGroup')}
      </Button>
    </>
  );
}
