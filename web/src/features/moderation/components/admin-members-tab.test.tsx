import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminMemberView } from '@civitas/events/moderation/roles.contract';
import { createQueryClient } from '../../../lib/api-client';
import { jsonResponse, mockFetch, requestsOf, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import { AdminMembersTab } from './admin-members-tab';

const POSITION = '0000000000000009-0000000000000001';
const ME = 'admin-1';

const member = (id: string, name: string, overrides: Partial<AdminMemberView> = {}): AdminMemberView => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
  roles: [],
  isBanned: false,
  banReason: null,
  bannedAt: null,
  createdAt: '2025-03-02T13:05:00.000Z',
  ...overrides,
});

/** GET /api/admin/users answers from `state.pages` by URL; commands are answered by `command`. */
function serveMembers(pages: Record<string, { users: AdminMemberView[]; nextCursor: string | null }>, command: Route = () => undefined) {
  const state = { pages };
  const fetchMock = mockFetch(command, ({ url, init }) =>
    (init?.method ?? 'GET') === 'GET' && url.startsWith('/api/admin/users') ? jsonResponse(state.pages[url] ?? { users: [], nextCursor: null }) : undefined,
  );
  return { fetchMock, state };
}

function renderTab() {
  const queryClient = createQueryClient();
  renderWithQueries(<AdminMembersTab currentUserId={ME} renderItemActions={(item) => <button type="button">History of {item.id}</button>} />, queryClient);
  return queryClient;
}

const card = (name: string) => screen.findByRole('listitem', { name: `Member: ${name}` });

describe('the Members tab', () => {
  it('lists members with their roles and bans, finds them by name or e-mail, and pages on', async () => {
    const { fetchMock } = serveMembers({
      '/api/admin/users': {
        users: [
          member(ME, 'Amal Haddad', { roles: ['admin'] }),
          member('u-2', 'Fahad Ali', { isBanned: true, banReason: 'Spam in every topic', bannedAt: '2025-03-03T09:00:00.000Z' }),
        ],
        nextCursor: 'u-2',
      },
      '/api/admin/users?before=u-2': { users: [member('u-3', 'Omar Saleh', { roles: ['auditor'] })], nextCursor: null },
      '/api/admin/users?search=zo%C3%AB': { users: [member('u-4', 'Zoë Quinn')], nextCursor: null },
    });
    renderTab();

    const me = await card('Amal Haddad');
    expect(within(me).getByText('Admin')).toBeTruthy();
    expect(within(me).getByText('You')).toBeTruthy();
    // No ban of oneself is offered (the server refuses it too).
    expect(within(me).queryByRole('button', { name: 'Ban' })).toBeNull();
    expect(within(me).getByRole('button', { name: 'Revoke Admin' })).toBeTruthy();
    expect(within(me).getByRole('button', { name: 'History of admin-1' })).toBeTruthy();
    const fahad = await card('Fahad Ali');
    expect(within(fahad).getByText('Banned')).toBeTruthy();
    expect(within(fahad).getByText(/Spam in every topic/)).toBeTruthy();
    expect(within(fahad).getByRole('button', { name: 'Lift Ban' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(await card('Omar Saleh')).getByRole('button', { name: 'Revoke Auditor' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search members' }), { target: { value: '  zoë ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await card('Zoë Quinn')).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Member: Amal Haddad' })).toBeNull();
    expect(requestsOf(fetchMock)).toContain('GET /api/admin/users?search=zo%C3%AB');
  });

  it('grants a role with the reason given, says so, and reads the members and the audit again', async () => {
    const { fetchMock, state } = serveMembers({ '/api/admin/users': { users: [member('u-3', 'Omar Saleh')], nextCursor: null } }, ({ url, init }) => {
      if (url !== '/api/admin/users/u-3/roles' || init?.method !== 'POST') return undefined;
      state.pages = { '/api/admin/users': { users: [member('u-3', 'Omar Saleh', { roles: ['auditor'] })], nextCursor: null } };
      return jsonResponse({ position: POSITION, userId: 'u-3', roles: ['auditor'] });
    });
    const queryClient = renderTab();
    queryClient.setQueryData(['admin', 'audit', 'list', {}], { pages: [], pageParams: [] });

    fireEvent.click(within(await card('Omar Saleh')).getByRole('button', { name: 'Make Auditor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant Auditor Role' });
    expect(within(dialog).getByText(/read the audit trail/)).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    expect(reason.getAttribute('rows')).toBe('3');
    fireEvent.change(reason, { target: { value: 'Quarterly audit' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant Auditor' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Role Granted', description: 'Omar Saleh is now an auditor.' }));
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/admin/users/u-3/roles')[0]![1])).toEqual({ role: 'auditor', reason: 'Quarterly audit' });
    expect(await within(await card('Omar Saleh')).findByRole('button', { name: 'Revoke Auditor' })).toBeTruthy();
    expect(queryClient.getQueryState(['admin', 'audit', 'list', {}])?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('revokes a role with DELETE, and shows the server\u2019s refusal under Error', async () => {
    const { fetchMock } = serveMembers(
      { '/api/admin/users': { users: [member(ME, 'Amal Haddad', { roles: ['admin'] })], nextCursor: null } },
      ({ url, init }) =>
        url === `/api/admin/users/${ME}/roles/admin` && init?.method === 'DELETE'
          ? jsonResponse({ message: 'The last admin cannot be removed: grant the admin role to someone else first.' }, { status: 409 })
          : undefined,
    );
    renderTab();

    fireEvent.click(within(await card('Amal Haddad')).getByRole('button', { name: 'Revoke Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Admin Role' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke Admin' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Error',
        description: 'The last admin cannot be removed: grant the admin role to someone else first.',
        variant: 'destructive',
      }),
    );
    expect(sentBody(requestsTo(fetchMock, 'DELETE', `/api/admin/users/${ME}/roles/admin`)[0]![1])).toEqual({ reason: null });
    // The dialog stays open to try again or cancel.
    expect(screen.getByRole('dialog', { name: 'Revoke Admin Role' })).toBeTruthy();
  });

  it('asks for a reason before banning, then bans with it; a ban is lifted with an optional reason', async () => {
    const { fetchMock, state } = serveMembers({ '/api/admin/users': { users: [member('u-2', 'Fahad Ali')], nextCursor: null } }, ({ url, init }) => {
      if (init?.method !== 'POST') return undefined;
      if (url === '/api/admin/users/u-2/ban') {
        state.pages = {
          '/api/admin/users': {
            users: [member('u-2', 'Fahad Ali', { isBanned: true, banReason: 'Harassment', bannedAt: '2025-03-03T09:00:00.000Z' })],
            nextCursor: null,
          },
        };
        return jsonResponse({ position: POSITION, userId: 'u-2', isBanned: true, banReason: 'Harassment' });
      }
      if (url === '/api/admin/users/u-2/unban') return jsonResponse({ position: POSITION, userId: 'u-2', isBanned: false, banReason: null });
      return undefined;
    });
    renderTab();

    fireEvent.click(within(await card('Fahad Ali')).getByRole('button', { name: 'Ban' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ban Member' });
    expect(within(dialog).getByText(/signed out everywhere at once/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban Member' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Reason Required', description: 'Please give a reason for the ban.' }));
    expect(requestsTo(fetchMock, 'POST', '/api/admin/users/u-2/ban')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Harassment' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban Member' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Member Banned' }));
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/admin/users/u-2/ban')[0]![1])).toEqual({ reason: 'Harassment' });

    const banned = await waitFor(async () => {
      const fahad = await card('Fahad Ali');
      expect(within(fahad).getByText('Banned')).toBeTruthy();
      return fahad;
    });
    fireEvent.click(within(banned).getByRole('button', { name: 'Lift Ban' }));
    dialog = await screen.findByRole('dialog', { name: 'Lift Ban' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lift Ban' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Ban Lifted', description: 'Fahad Ali may sign in again.' }));
    expect(sentBody(requestsTo(fetchMock, 'POST', '/api/admin/users/u-2/unban')[0]![1])).toEqual({ reason: null });
  });
});
