import { MAIN_ELECTION_DEPARTMENTS } from '@civitas/events/elections/election.contract';
import type { Group } from '../../../lib/api/group';

const DEPARTMENTS: ReadonlySet<string> = new Set(MAIN_ELECTION_DEPARTMENTS);

/** National, International and Religion groups elect a leader (their leaders sit in the Alliance). */
export const holdsMainElection = (group: Pick<Group, 'department'>) => DEPARTMENTS.has(group.department);
