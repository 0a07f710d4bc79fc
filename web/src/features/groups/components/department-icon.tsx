import AutoStoriesIcon from '@mui/icons-material/AutoStories';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import FlagIcon from '@mui/icons-material/Flag';
import GroupsIcon from '@mui/icons-material/Groups';
import MilitaryTechIcon from '@mui/icons-material/MilitaryTech';
import PublicIcon from '@mui/icons-material/Public';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { GroupDepartment } from '../../../lib/api/group';

const ICONS: Record<GroupDepartment, ComponentType<SvgIconProps>> = {
  family: FamilyRestroomIcon,
  friends: GroupsIcon,
  business: BusinessCenterIcon,
  religion: AutoStoriesIcon,
  national: FlagIcon,
  international: PublicIcon,
  alliance: MilitaryTechIcon,
};

/** The group type's icon; decorative, the group's name is always beside it. */
export function DepartmentIcon({ department, ...props }: { department: GroupDepartment } & SvgIconProps) {
  const Icon = ICONS[department];
  return <Icon aria-hidden {...props} />;
}
