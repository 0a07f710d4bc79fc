import {
  delegationStream,
  userStream,
  type BadgeGranted,
  type BadgeRevoked,
  type DelegationAssigned,
  type DelegationRevoked,
  type ProfileImageChanged,
  type ProfileUpdated,
} from '@civitas/events';
import type { StreamEvent } from './spec-events';

/** Valid profile and delegation events for specs, each on the stream the command side writes it to (see spec-events.ts). */
type Of<Event extends { type: string; data: unknown }> = StreamEvent<Event['type'], Event['data']>;

/** ProfileUpdated as the profile decider writes it; a spec seals the texts it gives (or leaves them clear to test reading). */
export const profileUpdated = (userId: string, fields: Partial<Omit<ProfileUpdated['data'], 'userId'>> = {}): Of<ProfileUpdated> => ({
  type: 'ProfileUpdated',
  streamId: userStream(userId),
  data: {
    userId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    aboutMe: null,
    city: null,
    websiteUrl: null,
    twitterUrl: null,
    linkedinUrl: null,
    githubUrl: null,
    ...fields,
  },
});
export const profileImageChanged = (userId: string, imageHash: string | null): Of<ProfileImageChanged> => ({
  type: 'ProfileImageChanged',
  streamId: userStream(userId),
  data: { userId, imageHash, profileImageUrl: imageHash ? `/api/images/${imageHash}.jpg` : null },
});
export const badgeGranted = (userId: string, grantedBy: string, reason: string | null = null): Of<BadgeGranted> => ({
  type: 'BadgeGranted',
  streamId: userStream(userId),
  data: { userId, badge: 'founder', grantedBy, reason },
});
export const badgeRevoked = (userId: string, revokedBy: string, reason: string | null = null): Of<BadgeRevoked> => ({
  type: 'BadgeRevoked',
  streamId: userStream(userId),
  data: { userId, badge: 'founder', revokedBy, reason },
});

export const delegationAssigned = (
  groupId: number,
  delegatorId: string,
  delegateId: string,
  delegationId: string,
  previous: { delegationId: string; delegateId: string } | null = null,
): Of<DelegationAssigned> => ({
  type: 'DelegationAssigned',
  streamId: delegationStream(groupId, delegatorId),
  data: {
    delegationId,
    groupId,
    delegatorId,
    delegateId,
    previousDelegationId: previous?.delegationId ?? null,
    previousDelegateId: previous?.delegateId ?? null,
  },
});
export const delegationRevoked = (groupId: number, delegatorId: string, delegateId: string, delegationId: string): Of<DelegationRevoked> => ({
  type: 'DelegationRevoked',
  streamId: delegationStream(groupId, delegatorId),
  data: { delegationId, groupId, delegatorId, delegateId },
});
