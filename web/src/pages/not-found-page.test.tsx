import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '../test/mock-fetch';
import { makeUser, serveCurrentUser, signedOut } from '../test/auth-fixtures';
import { renderApp } from '../test/render-app';

describe('not found page', () => {
  it.each([
    ['a visitor', null],
    ['a member', makeUser()],
  ])('answers unknown paths for %s with a heading and a developer hint', async (_, user) => {
    mockFetch(serveCurrentUser(user));
    renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it.each([
    ['a visitor', null, 'Go to Home Page'],
    ['a member', makeUser(), 'Go to Dashboard'],
  ])('gives %s a way back to /, named for where it leads', async (_, user, name) => {
    mockFetch(serveCurrentUser(user));
    renderApp('/no-such-page');

    const back = await screen.findByRole('link', { name });
    expect(back.getAttribute('href')).toBe('/');
  });

  it('keeps the header link home', () => {
    mockFetch(signedOut);
    renderApp('/no-such-page');

    expect(screen.getByRole('link', { name: 'Civitas' }).getAttribute('href')).toBe('/');
  });
});
