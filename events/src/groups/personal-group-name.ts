import { isPersonalDepartment, type Department, type PersonalDepartment } from './group.events';

const LABELS: Record<PersonalDepartment, string> = { family: 'Family', friends: 'Friends', business: 'Business' };

/** The stored name of a personal group: no one's name goes into the events. */
export const personalGroupLabel = (department: PersonalDepartment) => LABELS[department];

/** How a personal group is shown: its owner's first name and its kind ("Amina's Family"). */
export const personalGroupName = (ownerFirstName: string | null, department: PersonalDepartment) =>
  ownerFirstName?.trim() ? `${ownerFirstName.trim()}'s ${LABELS[department]}` : `My ${LABELS[department]}`;

/** How any group is shown: a personal group by its owner's first name (personalGroupName), every other by its own name. */
export const shownGroupName = (group: { name: string; department: Department; owner_first_name: string | null }) =>
  isPersonalDepartment(group.department) ? personalGroupName(group.owner_first_name, group.department) : group.name;
