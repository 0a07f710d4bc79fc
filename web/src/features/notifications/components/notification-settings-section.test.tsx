import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_MAIL_DELIVERY, type NotificationSettingsReply } from '@civitas/events/notifications/notification.contract';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, mockFetchHolding, requestsTo, type Route } from '../../../test/mock-fetch';

const isPut = (url: string, init: RequestInit | undefined) => url === NOTIFICATION_SETTINGS_URL && init?.method === 'PUT';
import { makeProfile, serveProfile } from '../../../test/profile-fixtures';
import { renderApp, renderWithQueries } from '../../../test/render-app';
import { sentBody } from '../../../test/subscription-fixtures';
import { lastToast } from '../../../test/toasts';
import { NOTIFICATION_SETTINGS_URL } from '../api/get-notification-settings';
import { defaultSettings, reply, serveNotifications } from '../test-fixtures';
import { NotificationSettingsSection } from './notification-settings-section';

/** GET and PUT /api/notifications/settings as the server keeps them. */
function serveSettings(initial: NotificationSettingsReply = defaultSettings()) {
  const state = { settings: initial };
  const route: Route = ({ url, init }) => {
    if (url !== NOTIFICATION_SETTINGS_URL) return undefined;
    if (init?.method === 'PUT') {
      const body = sentBody(init) as Partial<NotificationSettingsReply>;
      state.settings = { ...state.settings, ...body, deliveries: { ...state.settings.deliveries, ...body.deliveries } };
      return jsonResponse({ ...state.settings, position: '0000000000000042-0000000000000001' });
    }
    return jsonResponse(state.settings);
  };
  return { state, route };
}

const select = (name: string) => screen.findByRole('combobox', { name }) as Promise<HTMLSelectElement>;

describe('Settings: notification e-mails', () => {
  it("shows every type with the server's defaults, and saves a choice at once", async () => {
    const server = serveSettings();
    const fetchMock = mockFetch(server.route);
    renderWithQueries(<NotificationSettingsSection />);

    const section = await screen.findByRole('region', { name: 'Notification E-mails' });
    expect(await within(section).findAllByRole('combobox')).toHaveLength(Object.keys(DEFAULT_MAIL_DELIVERY).length);
    expect((await select('Mentions in discussions')).value).toBe('immediately');
    expect((await select('New topics in my groups')).value).toBe('daily');
    const mentions = await select('Mentions in discussions');
    expect([...mentions.options].map((option) => option.textContent)).toEqual(['Immediately', 'Daily digest', 'Weekly digest', 'Never']);

    fireEvent.change(mentions, { target: { value: 'weekly' } });
    await waitFor(() => expect(mentions.value).toBe('weekly'));
    await waitFor(() => expect(lastToast()?.title).toBe('Notification e-mails saved'));
    expect(requestsTo(fetchMock, 'PUT', NOTIFICATION_SETTINGS_URL).map(([, init]) => sentBody(init))).toEqual([{ deliveries: { mention: 'weekly' } }]);
    expect(server.state.settings.deliveries.mention).toBe('weekly');
  });

  it('puts back what was kept when the server refuses', async () => {
    const server = serveSettings();
    let refuse: (response: Response) => void = () => {};
    const refusal: Route = ({ url, init }) =>
      isPut(url, init)
        ? // Answered when the test says: meanwhile the choice shows.
          (new Promise<Response>((resolve) => (refuse = resolve)) as unknown as Response)
        : undefined;
    mockFetch(refusal, server.route);
    renderWithQueries(<NotificationSettingsSection />);
    const topics = await select('New topics in my groups');
    fireEvent.change(topics, { target: { value: 'never' } });
    await waitFor(() => expect(topics.value).toBe('never'));
    refuse(jsonResponse({ message: "delivery must be 'immediately', 'daily', 'weekly' or 'never'" }, { status: 400 }));
    await waitFor(() => expect(topics.value).toBe('daily'));
    expect(lastToast()?.title).toBe('Could not save notification e-mails');
    expect(lastToast()?.description).toBe("delivery must be 'immediately', 'daily', 'weekly' or 'never'");
  });

  it('is in the Settings dialog of the profile', async () => {
    const amina = makeUser({ firstName: 'Amina' });
    mockFetch(
      serveCurrentUser(amina),
      serveProfile(() => makeProfile(amina)),
      serveNotifications(() => ({ '': reply([]) })),
      serveSettings().route,
      ({ url }) => (url === '/api/user/account-security' ? jsonResponse({ hasPassword: true, sessions: [] }) : undefined),
    );
    renderApp('/profile?settings=1');
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(await within(dialog).findByRole('region', { name: 'Notification E-mails' })).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Email Notifications' })).toBeTruthy();
  });
});

describe("the mails' language follows the app's", () => {
  it("tells the server when a member switches the app's language, without holding the switch up", async () => {
    const held = mockFetchHolding(
      NOTIFICATION_SETTINGS_URL,
      serveCurrentUser(makeUser()),
      serveNotifications(() => ({ '': reply([]) })),
    );
    renderApp('/sitemap');
    await screen.findByRole('button', { name: 'Notifications' });
    fireEvent.click(screen.getAllByRole('button', { name: 'العربية' })[0]!);
    // The page is in Arabic while the server has not answered yet.
    expect(await screen.findByRole('heading', { level: 1, name: 'خريطة الموقع' })).toBeTruthy();
    expect(held.held.filter((init) => init.method === 'PUT').map((init) => sentBody(init))).toEqual([{ language: 'ar' }]);
    // A failure changes nothing on screen.
    held.release(jsonResponse({ message: 'Service Unavailable' }, { status: 503 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'خريطة الموقع' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('sends nothing for a visitor', async () => {
    const fetchMock = mockFetch(serveCurrentUser(null));
    renderApp('/terms');
    await screen.findByRole('link', { name: 'Sign In' });
    fireEvent.click(screen.getByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(requestsTo(fetchMock, 'PUT', NOTIFICATION_SETTINGS_URL)).toEqual([]);
  });
});
