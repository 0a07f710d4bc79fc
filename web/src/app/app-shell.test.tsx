import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { makeUser, serveCurrentUser } from '../test/auth-fixtures';
import { mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render-app';

describe('app shell', () => {
  it.each([
    ['a visitor', null],
    ['a member', makeUser()],
  ])('starts with a skip link for %s that moves focus to the main landmark', async (_, user) => {
    mockFetch(serveCurrentUser(user));
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });

    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    // First in the document, so first in the tab order.
    const focusable = document.querySelectorAll('a[href], button, input, [tabindex="0"]');
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
