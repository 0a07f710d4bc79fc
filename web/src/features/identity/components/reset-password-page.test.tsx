import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signedOut } from '../../../test/auth-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

function field(form: HTMLElement, label: string) {
  return within(form).getByLabelText((content) => content.replace(/[\s*]+$/, '') === label);
}

async function submitNewPassword(password: string, confirmation = password) {
  const form = await screen.findByRole('form', { name: 'Reset password' });
  fireEvent.change(field(form, 'New Password'), { target: { value: password } });
  fireEvent.change(field(form, 'Confirm New Password'), { target: { value: confirmation } });
  fireEvent.click(within(form).getByRole('button', { name: 'Reset Password' }));
  return form;
}

describe('reset password page', () => {
  it('sets the new password and offers to sign in', async () => {
    let sent: unknown;
    mockFetch(signedOut, ({ url, init }) => {
      if (url !== '/api/email-auth/reset-password') return undefined;
      sent = JSON.parse(String(init?.body));
      return jsonResponse({ message: 'Your password has been reset. You can now sign in.' });
    });
    const { location } = renderApp('/reset-password/4f9c2a');
    await screen.findByRole('form', { name: 'Reset password' });
    // The token left the address bar as soon as the page read it (an effect: it may land just after the form).
    await waitFor(() => expect(window.location.pathname).toBe('/reset-password'));

    await submitNewPassword('a new password');

    expect(await screen.findByText('Your password has been reset. You can now sign in.')).toBeTruthy();
    expect(sent).toEqual({ token: '4f9c2a', password: 'a new password', confirmPassword: 'a new password' });

    // The header has a Sign In link of its own (to /api/login).
    const signIn = screen.getAllByRole('link', { name: 'Sign In' }).find((link) => link.getAttribute('href') === '/?signin=1');
    fireEvent.click(signIn!);
    expect(location.history?.at(-1)).toBe('/?signin=1');
  });

  it("checks the schema's rules before sending", async () => {
    const fetchMock = mockFetch(signedOut);
    renderApp('/reset-password/4f9c2a');

    const form = await submitNewPassword('short', 'other');

    expect(within(form).getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(within(form).getByText("Passwords don't match")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal in a banner", async () => {
    mockFetch(signedOut, ({ url }) =>
      url === '/api/email-auth/reset-password' ? jsonResponse({ message: 'This reset link is invalid or has expired.' }, { status: 400 }) : undefined,
    );
    renderApp('/reset-password/expired');

    const form = await submitNewPassword('a new password');

    expect(await within(form).findByText('This reset link is invalid or has expired.')).toBeTruthy();
  });
});
