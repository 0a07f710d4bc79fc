import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../lib/api/group';
import { useGroupStats } from '../../../lib/api/get-group-stats';
import type { TopicCreator } from '../../../features/topics/components/topic-access';
import { DepartmentIcon } from '../../../features/groups/components/department-icon';
import { departmentLabel, formatMemberCount, groupPageSubscriptionLabel, subscriptionBadgeColor } from '../../../features/groups/components/group-labels';
import { memberAccess, memberAccessLabel, showsTierBadge, type MemberAccess } from './member-access';
import { useGroupName } from '../../../lib/country-name';

const ACCESS_COLORS = { full: 'success', needs_subscription: 'warning', view_only: 'default' } as const satisfies Record<MemberAccess, string>;

interface GroupPageHeaderProps {
  group: Group;
  member: TopicCreator;
}

/**
 * The group page header (docs/product.md, Screens): name, category, description, the member's access
 * beside the price tier where the two agree, and the member count: the sidebar's Active Members
 * once read, so the page says one number.
 */
export function GroupPageHeader({ group, member }: GroupPageHeaderProps) {
  const { t } = useTranslation('groups');
  const { description, department, subscriptionType } = group;
  const name = useGroupName()(group);
  const access = memberAccess(group, member);
  const memberCount = useGroupStats(group.id).data?.activeMembers ?? group.memberCount;
  return (
    <Paper variant="outlined" component="header" sx={{ p: { xs: 2, md: 4 } }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Chip label={departmentLabel(department)} variant="outlined" icon={<DepartmentIcon department={department} />} />
        {showsTierBadge(subscriptionType, access) && (
          <Chip label={groupPageSubscriptionLabel(subscriptionType)} color={subscriptionBadgeColor(subscriptionType)} />
        )}
        {/* 'Free Access' already says what 'Full access' would (issue #32: one badge, not two alike). */}
        {!(subscriptionType === 'free' && access === 'full') && <Chip label={memberAccessLabel(access)} color={ACCESS_COLORS[access]} variant="outlined" />}
        {/* docs/product.md, Screens: Group page. Subscribers see their own standing in every group's header. */}
        {member.isSubscribed && <Chip label={t('page.premiumMember')} color="secondary" icon={<WorkspacePremiumIcon aria-hidden />} />}
      </Stack>
      <Typography variant="h1">
        <bdi dir="auto">{name}</bdi>
      </Typography>
      <Typography color="text.secondary" dir="auto" sx={{ mt: 1 }}>
        {description}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {formatMemberCount(memberCount)}
      </Typography>
    </Paper>
  );
}
