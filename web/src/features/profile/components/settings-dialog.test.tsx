import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_DELETED,
  DEFAULT_NOTIFICATION_PREFERENCES,
  OTHER_SESSIONS_ENDED,
  PASSWORD_CHANGED,
  PASSWORD_REQUIRED_TO_DELETE,
  PASSWORD_TOO_SHORT,
  WRONG_CURRENT_PASSWORD,
  WRONG_PASSWORD,
  type AccountSecurity,
  type NotificationPreferences,
} from '@civitas/events/profiles/account.contract';
import { pageNavigation } from '../../../lib/navigation';
import { jsonResponse, mockFetch, requestsOf, requestsTo, type Route } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import { SettingsDialog } from './settings-dialog';

const POSITION = '0000000000000010-0000000000000020';
const current = { createdAt: '2026-03-01T09:00:00.000Z', lastSeenAt: '2026-03-01T10:00:00.000Z', expiresAt: '2026-03-08T09:00:00.000Z', current: true };
const phone = { createdAt: '2026-02-27T18:00:00.000Z', lastSeenAt: '2026-02-28T08:30:00.000Z', expiresAt: '2026-03-06T18:00:00.000Z', current: false };

interface ServerOptions {
  hasPassword?: boolean;
  sessions?: AccountSecurity['sessions'];
  preferences?: NotificationPreferences;
  /** Answers the command routes instead of the default success. */
  password?: Route;
  remove?: Route;
}

/** The Settings dialog's calls as the server answers them; commands change what the next reads see. */
function serveSettings({
  hasPassword = true,
  sessions: initialSessions = [current, phone],
  preferences: initialPreferences = DEFAULT_NOTIFICATION_PREFERENCES,
  password,
  remove,
}: ServerOptions = {}) {
  let sessions = initialSessions;
  let preferences = initialPreferences;
  return mockFetch((request) => {
    const { url, init } = request;
    const method = init?.method ?? 'GET';
    if (url === '/api/user/account-security' && method === 'GET') return jsonResponse({ hasPassword, sessions });
    if (url === '/api/user/notification-preferences' && method === 'GET') return jsonResponse({ preferences });
    if (url === '/api/user/notification-preferences' && method === 'PUT') {
      preferences = sentBody(init) as NotificationPreferences;
      return jsonResponse({ position: POSITION, preferences });
    }
    if (url === '/api/user/password' && method === 'POST') {
      const answer = password?.(request);
      if (answer) return answer;
      const ended = sessions.filter((session) => !session.current).length;
      sessions = sessions.filter((session) => session.current);
      return jsonResponse({ position: POSITION, message: PASSWORD_CHANGED, otherSessionsEnded: ended });
    }
    if (url === '/api/user/sessions/revoke-others' && method === 'POST') {
      const ended = sessions.filter((session) => !session.current).length;
      sessions = sessions.filter((session) => session.current);
      return jsonResponse({ message: OTHER_SESSIONS_ENDED, ended });
    }
    if (url === '/api/user' && method === 'DELETE') return remove?.(request) ?? jsonResponse({ position: POSITION, message: ACCOUNT_DELETED });
    return undefined;
  });
}

async function openSettings() {
  renderWithQueries(<SettingsDialog open onClose={() => {}} />);
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  await within(dialog).findByRole('region', { name: 'Password' });
  return dialog;
}
const section = (dialog: HTMLElement, name: string) => within(dialog).getByRole('region', { name });
const refused = (status: number, message: string) => () => jsonResponse({ message }, { status });

afterEach(() => vi.restoreAllMocks());

describe('Settings dialog', () => {
  it('shows password, sessions, e-mail notifications, the data download and account deletion', async () => {
    serveSettings();
    const dialog = await openSettings();
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Password', 'Sessions', 'Email Notifications', 'Download My Data', 'Delete Account']);
  });

  describe('change password', () => {
    const fill = (dialog: HTMLElement, values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values))
        fireEvent.change(within(section(dialog, 'Password')).getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    };

    it('checks the new password before sending: at least 8 characters, typed twice the same', async () => {
      const fetchMock = serveSettings();
      const dialog = await openSettings();
      fill(dialog, { 'Current Password': 'old password', 'New Password': 'short', 'Confirm New Password': 'shorter' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
      expect(await within(dialog).findByText(PASSWORD_TOO_SHORT)).toBeTruthy();
      fill(dialog, { 'New Password': 'a long new password', 'Confirm New Password': 'another long password' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
      expect(await within(dialog).findByText("Passwords don't match")).toBeTruthy();
      expect(requestsTo(fetchMock, 'POST', '/api/user/password')).toEqual([]);
    });

    it('sends the current and new password, says so, clears the form and shows the other sessions ended', async () => {
      const fetchMock = serveSettings();
      const dialog = await openSettings();
      expect(within(section(dialog, 'Sessions')).getByText('You are also signed in on 1 other browser or device.')).toBeTruthy();
      fill(dialog, { 'Current Password': 'old password', 'New Password': 'a long new password', 'Confirm New Password': 'a long new password' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
      await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Password changed', description: PASSWORD_CHANGED }));
      const [[, init]] = requestsTo(fetchMock, 'POST', '/api/user/password') as [[unknown, RequestInit]];
      expect(sentBody(init)).toEqual({ currentPassword: 'old password', newPassword: 'a long new password' });
      await waitFor(() => expect((within(section(dialog, 'Password')).getByLabelText(/^Current Password/) as HTMLInputElement).value).toBe(''));
      expect(await within(section(dialog, 'Sessions')).findByText('You are signed in only here.')).toBeTruthy();
    });

    it('shows the server\u2019s refusal of a wrong current password', async () => {
      serveSettings({ password: refused(403, WRONG_CURRENT_PASSWORD) });
      const dialog = await openSettings();
      fill(dialog, { 'Current Password': 'not it', 'New Password': 'a long new password', 'Confirm New Password': 'a long new password' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
      expect((await within(section(dialog, 'Password')).findByRole('alert')).textContent).toContain(WRONG_CURRENT_PASSWORD);
    });

    it('has nothing to change for an account that signs in through a provider', async () => {
      serveSettings({ hasPassword: false });
      const dialog = await openSettings();
      expect(within(section(dialog, 'Password')).getByText('You sign in with Google or Replit: your account has no password to change.')).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Change Password' })).toBeNull();
    });
  });

  it('lists the other sessions and signs them out', async () => {
    const fetchMock = serveSettings({ sessions: [current, phone, { ...phone, createdAt: '2026-02-20T08:00:00.000Z' }] });
    const dialog = await openSettings();
    const sessions = section(dialog, 'Sessions');
    expect(within(sessions).getByText('You are also signed in on 2 other browsers or devices.')).toBeTruthy();
    expect(within(within(sessions).getByRole('list', { name: 'Other sessions' })).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(sessions).getByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Signed out other sessions', description: OTHER_SESSIONS_ENDED }));
    expect(requestsTo(fetchMock, 'POST', '/api/user/sessions/revoke-others')).toHaveLength(1);
    expect(await within(sessions).findByText('You are signed in only here.')).toBeTruthy();
    expect((within(sessions).getByRole('button', { name: 'Sign out other sessions' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the e-mail choices mails are sent for, saves each switch at once, and keeps account security on', async () => {
    const fetchMock = serveSettings({ preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, elections: false } });
    const dialog = await openSettings();
    const notifications = section(dialog, 'Email Notifications');
    const invitations = await within(notifications).findByRole('switch', { name: 'Invitations to family, friends and business groups' });
    expect((invitations as HTMLInputElement).checked).toBe(true);
    // No mail is sent about elections or topic activity yet: no switch pretends to control one.
    expect(within(notifications).getAllByRole('switch')).toHaveLength(2);
    const security = within(notifications).getByRole('switch', { name: 'Account security (password resets, address verification)' });
    expect((security as HTMLInputElement).checked).toBe(true);
    expect((security as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(invitations);
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Notification preferences saved' }));
    const [[, init]] = requestsTo(fetchMock, 'PUT', '/api/user/notification-preferences') as [[unknown, RequestInit]];
    expect(sentBody(init)).toEqual({ invitations: false, elections: false, topicActivity: true, accountSecurity: true });
    await waitFor(() =>
      expect((within(notifications).getByRole('switch', { name: 'Invitations to family, friends and business groups' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
  });

  it('downloads the member\u2019s data from the export route', async () => {
    serveSettings();
    const dialog = await openSettings();
    const download = within(section(dialog, 'Download My Data')).getByRole('link', { name: 'Download my data' });
    expect(download.getAttribute('href')).toBe('/api/user/export');
    expect(download.hasAttribute('download')).toBe(true);
  });

  describe('delete account', () => {
    const confirmStep = async (dialog: HTMLElement) => {
      fireEvent.click(within(section(dialog, 'Delete Account')).getByRole('button', { name: 'Delete account' }));
      return screen.findByRole('dialog', { name: 'Delete your account?' });
    };

    it('asks for the password, shows a refusal, then deletes and goes to the landing page', async () => {
      let answer: Route = refused(403, WRONG_PASSWORD);
      const fetchMock = serveSettings({ remove: (request) => answer(request) });
      const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
      const confirm = await confirmStep(await openSettings());
      expect(confirm.textContent).toContain("Your votes and opinions stay counted, shown as 'Deleted member'. This cannot be undone.");

      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete my account' }));
      expect(await within(confirm).findByText(PASSWORD_REQUIRED_TO_DELETE)).toBeTruthy();
      expect(requestsTo(fetchMock, 'DELETE', '/api/user')).toEqual([]);

      fireEvent.change(within(confirm).getByLabelText(/^Password/), { target: { value: 'not my password' } });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete my account' }));
      expect((await within(confirm).findByRole('alert')).textContent).toContain(WRONG_PASSWORD);
      expect(navigate).not.toHaveBeenCalled();

      answer = () => jsonResponse({ position: POSITION, message: ACCOUNT_DELETED });
      fireEvent.change(within(confirm).getByLabelText(/^Password/), { target: { value: 'my password' } });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete my account' }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
      const calls = requestsTo(fetchMock, 'DELETE', '/api/user') as Array<[unknown, RequestInit]>;
      expect(calls.map(([, init]) => sentBody(init))).toEqual([{ password: 'not my password' }, { password: 'my password' }]);
      expect((within(confirm).getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
    });

    it('needs no password from an account without one, and says a recent sign-in is needed instead', async () => {
      const fetchMock = serveSettings({ hasPassword: false });
      const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
      const confirm = await confirmStep(await openSettings());
      expect(confirm.textContent).toContain('Your account has no password: you can delete it within 10 minutes of signing in.');
      expect(within(confirm).queryByLabelText(/^Password/)).toBeNull();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete my account' }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
      const [[, init]] = requestsTo(fetchMock, 'DELETE', '/api/user') as [[unknown, RequestInit]];
      expect(sentBody(init)).toEqual({});
    });

    it('changes nothing when cancelled', async () => {
      const fetchMock = serveSettings();
      const confirm = await confirmStep(await openSettings());
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete your account?' })).toBeNull());
      expect(requestsOf(fetchMock).filter((line) => line.startsWith('DELETE'))).toEqual([]);
    });
  });
});
