import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { makeUser, serveCurrentUser } from '../../../test/auth-fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render-app';

describe('header search', () => {
  it('on a phone is an icon button that opens the box; a text too short stays in the box with the reason', async () => {
    mockFetch(serveCurrentUser(makeUser()));
    const { location } = renderApp('/search?q=ab');
    fireEvent.click(await screen.findByRole('button', { name: 'Open search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const box = within(dialog).getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: ' x ' } });
    fireEvent.submit(box.closest('form')!);
    expect(await within(dialog).findByText('Please enter at least 2 characters to search')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/search?q=ab');
  });

  it('is not shown to visitors', async () => {
    mockFetch(serveCurrentUser(null));
    renderApp('/');
    expect(await screen.findByRole('link', { name: /Sign In/ })).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
  });
});
