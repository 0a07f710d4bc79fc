import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { BusinessMemberView, FriendView, InvitationView } from '@civitas/events/invitations/invitation.contract';
import { Toaster } from '../components/toaster';
import { createQueryClient } from '../lib/api-client';
import type { mockFetch } from './mock-fetch';

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

/** Renders a piece of the owner's screens with a query cache of its own and the toasts. */
export function renderWithQueries(ui: ReactNode) {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** The toast viewport; hidden from the accessibility tree while a dialog is open. */
export const notifications = () => screen.getByRole('region', { name: 'Notifications (F8)', hidden: true });

/** The requests the mocked fetch received for one method and URL. */
export function requestsTo(fetchMock: ReturnType<typeof mockFetch>, method: string, url: string) {
  return fetchMock.mock.calls.filter(([called, init]) => called === url && (init?.method ?? 'GET') === method);
}

/** Puts a clipboard on the navigator (jsdom has none) and returns its writeText mock. */
export function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return () => {
    // Back to jsdom's own state: no clipboard at all.
    Reflect.deleteProperty(navigator, 'clipboard');
  };
}
