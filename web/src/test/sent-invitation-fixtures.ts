import type { BusinessMemberView, FriendView, InvitationView } from '@civitas/events/invitations/invitation.contract';

const DAY_MS = 24 * 60 * 60 * 1000;
let nextId = 0;

/** A pending family invitation sent yesterday, valid six more days, unless the overrides say otherwise. */
export function makeInvitation(overrides: Partial<InvitationView> = {}): InvitationView {
  nextId += 1;
  const kind = overrides.kind ?? 'family';
  const page = { family: 'family-invite', friends: 'friend-invite', business: 'business-invite' }[kind];
  return {
    id: `invitation-${nextId}`,
    kind,
    email: `relative${nextId}@example.com`,
    groupId: 10000,
    invitedBy: 'user-owner',
    status: 'pending',
    acceptedBy: null,
    acceptedAt: null,
    expiresAt: new Date(Date.now() + 6 * DAY_MS).toISOString(),
    createdAt: new Date(Date.now() - DAY_MS).toISOString(),
    invitationLink: `http://civitas.test/${page}/token-${nextId}`,
    ...overrides,
  };
}

export function makeFriend(overrides: Partial<FriendView> = {}): FriendView {
  nextId += 1;
  return {
    id: `friend-${nextId}`,
    friendId: `user-friend-${nextId}`,
    status: 'active',
    friend: { firstName: 'Omar', lastName: 'Khalid', email: `omar${nextId}@example.com` },
    createdAt: '2025-03-01T12:00:00.000Z',
    cutAt: null,
    ...overrides,
  };
}

export function makeBusinessMember(overrides: Partial<BusinessMemberView> = {}): BusinessMemberView {
  nextId += 1;
  return {
    id: `business-member-${nextId}`,
    memberId: `user-colleague-${nextId}`,
    status: 'active',
    member: { firstName: 'Sara', lastName: 'Nasser', email: `sara${nextId}@example.com` },
    createdAt: '2025-03-01T12:00:00.000Z',
    firedAt: null,
    ...overrides,
  };
}

/** Puts a clipboard on the navigator (jsdom has none) and returns its writeText mock. */
export function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return () => {
    // Back to jsdom's own state: no clipboard at all.
    Reflect.deleteProperty(navigator, 'clipboard');
  };
}
