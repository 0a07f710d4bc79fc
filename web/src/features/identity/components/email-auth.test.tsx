import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SIGNED_IN_HINT_COOKIE } from '@civitas/events/identity/auth-user';
import { pageNavigation } from '../../../lib/navigation';
import { makeUser, serveSignInProviders, signedOut } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch, requestsOf, type Route } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';
import { lastToast } from '../../../test/toasts';

function post(path: string, answer: (body: Record<string, unknown>) => Response): Route {
  return ({ url, init }) => (url === path && init?.method === 'POST' ? answer(JSON.parse(String(init.body))) : undefined);
}

async function openEmailCard(tab: 'Sign In' | 'Create Account' = 'Sign In') {
  fireEvent.click(await screen.findByRole('button', { name: 'Sign In with Email' }));
  // The card's code loads on demand.
  if (tab === 'Create Account') fireEvent.click(await screen.findByRole('tab', { name: 'Create Account' }));
  return screen.findByRole('form', { name: tab === 'Sign In' ? 'Sign in with email' : 'Create account' });
}

/** The input labelled `label`, with or without the required-field asterisk. */
function field(form: HTMLElement, label: string) {
  return within(form).getByLabelText((content) => content.replace(/[\s*]+$/, '') === label);
}

function fill(form: HTMLElement, label: string, value: string) {
  fireEvent.change(field(form, label), { target: { value } });
}

/** What the page sent besides its reads (the current user, the sign-in providers): nothing, until a form passes its checks. */
const sent = (fetchMock: Parameters<typeof requestsOf>[0]) => requestsOf(fetchMock).filter((request) => !request.startsWith('GET '));

describe('sign in with e-mail', () => {
  it('asks for both fields before sending anything', async () => {
    const fetchMock = mockFetch(signedOut);
    renderApp('/');

    const form = await openEmailCard();
    fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }));

    expect(lastToast()).toMatchObject({
      title: 'Validation error',
      description: 'Email and password are required',
    });
    expect(await screen.findByText('Email and password are required')).toBeTruthy();
    expect(sent(fetchMock)).toEqual([]);
  });

  it("shows the server's reason when sign-in fails", async () => {
    mockFetch(
      signedOut,
      post('/api/email-auth/login', () => jsonResponse({ message: 'Too many attempts. Please wait a few minutes and try again.' }, { status: 429 })),
    );
    renderApp('/');

    const form = await openEmailCard();
    fill(form, 'Email', 'amina@example.com');
    fill(form, 'Password', 'wrong password');
    fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Login failed',
        description: 'Too many attempts. Please wait a few minutes and try again.',
        variant: 'destructive',
      }),
    );
    // And beside the fields, where the member is looking, until they change them.
    expect(within(form).getByRole('alert').textContent).toBe('Too many attempts. Please wait a few minutes and try again.');
    fill(form, 'Password', 'another try');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it("falls back to 'Invalid email or password' when the server refuses without a reason", async () => {
    mockFetch(
      signedOut,
      post('/api/email-auth/login', () => new Response('', { status: 401 })),
    );
    renderApp('/');

    const form = await openEmailCard();
    fill(form, 'Email', 'amina@example.com');
    fill(form, 'Password', 'secret-password');
    fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Login failed', description: 'Invalid email or password' }));
  });

  it('never blames the password when the server cannot be reached', async () => {
    mockFetch(
      signedOut,
      post('/api/email-auth/login', () => new Response('Bad Gateway', { status: 502 })),
    );
    renderApp('/');

    const form = await openEmailCard();
    fill(form, 'Email', 'amina@example.com');
    fill(form, 'Password', 'secret-password');
    fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }));

    const unreachable = "Civitas can't be reached. Check your connection, then try again.";
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Login failed', description: unreachable }));
    expect(within(form).getByRole('alert').textContent).toBe(unreachable);
  });

  it('welcomes the member back and reloads at /', async () => {
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const user = makeUser();
    let signedIn = false;
    const fetchMock = mockFetch(
      ({ url }) => (url === '/api/auth/user' && signedIn ? jsonResponse(user) : undefined),
      signedOut,
      post('/api/email-auth/login', (body) => {
        signedIn = true;
        // What the server's Set-Cookie does in a browser (the first read's 401 dropped the marker).
        document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/`;
        expect(body).toEqual({ email: 'amina@example.com', password: 'secret-password' });
        return jsonResponse({ user, position: '0000000000000001-0000000000000007' });
      }),
    );
    renderApp('/');

    const form = await openEmailCard();
    fill(form, 'Email', '  amina@example.com ');
    fill(form, 'Password', 'secret-password');
    fireEvent.click(within(form).getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(lastToast()).toMatchObject({ title: 'Login successful', description: 'Welcome back!' });
    // The current user was read again before the reload.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/user')).toHaveLength(2);
    expect(sessionStorage.getItem('civitas.carried-position')).toBe('0000000000000001-0000000000000007');
  });
});

describe('create account', () => {
  it("checks the registration schema's rules before sending", async () => {
    const fetchMock = mockFetch(signedOut);
    renderApp('/');

    const form = await openEmailCard('Create Account');
    fill(form, 'Email', 'not-an-email');
    fill(form, 'Password', 'short');
    fill(form, 'Confirm Password', 'shorter');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));

    expect(await within(form).findByText('First name is required')).toBeTruthy();
    expect(within(form).getByText('Last name is required')).toBeTruthy();
    expect(within(form).getByText('Invalid email address')).toBeTruthy();
    expect(within(form).getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(within(form).getByText("Passwords don't match")).toBeTruthy();
    expect(sent(fetchMock)).toEqual([]);
  });

  it('marks every field as required, names included', async () => {
    mockFetch(signedOut);
    renderApp('/');

    const form = await openEmailCard('Create Account');
    for (const label of ['First Name', 'Last Name', 'Email', 'Password', 'Confirm Password']) {
      expect(field(form, label).hasAttribute('required')).toBe(true);
    }
  });

  it('creates the account and reloads at /', async () => {
    const navigate = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    let sent: Record<string, unknown> | undefined;
    mockFetch(
      signedOut,
      post('/api/email-auth/register', (body) => {
        sent = body;
        return jsonResponse({ user: makeUser(), position: '0000000000000001-0000000000000009' }, { status: 201 });
      }),
    );
    renderApp('/');

    const form = await openEmailCard('Create Account');
    fill(form, 'First Name', ' Amina ');
    fill(form, 'Last Name', 'Haddad');
    fill(form, 'Email', 'amina@example.com');
    fill(form, 'Password', 'long enough');
    fill(form, 'Confirm Password', 'long enough');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(sent).toEqual({
      email: 'amina@example.com',
      password: 'long enough',
      confirmPassword: 'long enough',
      firstName: 'Amina',
      lastName: 'Haddad',
    });
    expect(lastToast()).toMatchObject({
      title: 'Registration successful',
      description: 'Your account has been created!',
    });
  });

  it("shows the server's reason when registration fails", async () => {
    mockFetch(
      signedOut,
      post('/api/email-auth/register', () => jsonResponse({ message: 'An account with this email already exists' }, { status: 409 })),
    );
    renderApp('/');

    const form = await openEmailCard('Create Account');
    fill(form, 'First Name', 'Amina');
    fill(form, 'Last Name', 'Haddad');
    fill(form, 'Email', 'amina@example.com');
    fill(form, 'Password', 'long enough');
    fill(form, 'Confirm Password', 'long enough');
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Registration failed',
        description: 'An account with this email already exists',
        variant: 'destructive',
      }),
    );
    expect(within(form).getByRole('alert').textContent).toBe('An account with this email already exists');
  });

  it('goes back to the sign-in options', async () => {
    mockFetch(signedOut, serveSignInProviders(['google']));
    renderApp('/');

    await openEmailCard('Create Account');
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign-in options' }));
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeTruthy();
  });
});

describe('forgot password', () => {
  const resetUrl = 'http://localhost:3000/reset-password/4f9c2a';

  async function openForgotPassword() {
    const form = await openEmailCard();
    fireEvent.click(within(form).getByRole('button', { name: 'Forgot password?' }));
    return screen.findByRole('form', { name: 'Forgot password' });
  }

  it("confirms with 'Check Your Email' and, when the server exposes mailed links (development), a link for testing", async () => {
    mockFetch(
      signedOut,
      post('/api/email-auth/forgot-password', (body) => {
        expect(body).toEqual({ email: 'amina@example.com' });
        return jsonResponse({
          message: 'If an account with this email exists, you will receive a password reset link shortly.',
          resetUrl,
        });
      }),
    );
    renderApp('/');

    const form = await openForgotPassword();
    fill(form, 'Email', 'amina@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.getByText('If an account with this email exists, you will receive a password reset link shortly.')).toBeTruthy();
    expect(screen.getByText(/For testing/)).toBeTruthy();
    expect(screen.getByRole('link', { name: resetUrl }).getAttribute('href')).toBe(resetUrl);

    fireEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('form', { name: 'Sign in with email' })).toBeTruthy();
  });

  it('shows no testing link when the server sends the mail', async () => {
    mockFetch(
      signedOut,
      post('/api/email-auth/forgot-password', () =>
        jsonResponse({ message: 'If an account with this email exists, you will receive a password reset link shortly.' }),
      ),
    );
    renderApp('/');

    const form = await openForgotPassword();
    fill(form, 'Email', 'amina@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(screen.queryByText(/For testing/)).toBeNull();
  });

  it('shows a failure in a banner', async () => {
    mockFetch(
      signedOut,
      post('/api/email-auth/forgot-password', () => new Response('', { status: 500 })),
    );
    renderApp('/');

    const form = await openForgotPassword();
    fill(form, 'Email', 'amina@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    expect(await within(form).findByText('Failed to send reset email')).toBeTruthy();
  });

  it('checks the e-mail before sending', async () => {
    const fetchMock = mockFetch(signedOut);
    renderApp('/');

    const form = await openForgotPassword();
    fill(form, 'Email', 'amina');
    fireEvent.click(within(form).getByRole('button', { name: 'Send Reset Link' }));

    expect(await within(form).findByText('Invalid email address')).toBeTruthy();
    expect(sent(fetchMock)).toEqual([]);
  });
});
