import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeUser, serveCurrentUser, signedOut } from '../test/auth-fixtures';
import { mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render-app';

describe('terms page', () => {
  it('quotes the shared plan prices, auto-renewal and cancellation, never 9.99', async () => {
    mockFetch(signedOut);
    renderApp('/terms');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    const page = heading.closest('article')!;
    const text = page.textContent ?? '';
    expect(text).toContain('Last updated: January 1, 2025');
    expect(text).toContain('USD 5 / SAR 18.75 / EUR 4.75 per month');
    expect(text).toContain('USD 50 / SAR 187.50 / EUR 47.50 per year');
    expect(text).toContain('saves USD 10 a year');
    expect(text).toMatch(/renew automatically/);
    expect(text).toMatch(/cancel at any time; you keep access to the subscribed features until the end of the period/);
    expect(text).not.toContain('9.99');
  });
});

describe('privacy page', () => {
  it('is dated and names the support address', async () => {
    mockFetch(serveCurrentUser(makeUser()));
    renderApp('/privacy');

    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getByText('Last updated: January 1, 2025')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@civitas.app' })).toBeTruthy();
  });
});

describe('sitemap page', () => {
  it('lists the routes, linking the real paths', async () => {
    mockFetch(serveCurrentUser(makeUser()));
    renderApp('/sitemap');

    await screen.findByRole('heading', { level: 1, name: 'Sitemap' });
    for (const path of ['/', '/group/1', '/group/2', '/group/3', '/group/4', '/profile', '/subscribe']) {
      expect(screen.getByRole('link', { name: path }).getAttribute('href')).toBe(path);
    }
    for (const pattern of ['/topic/[id]', '/laws/[groupId]', '*']) {
      expect(screen.getByText(pattern)).toBeTruthy();
      expect(screen.queryByRole('link', { name: pattern })).toBeNull();
    }
    expect(screen.getByText('Landing page for visitors; the dashboard for members')).toBeTruthy();
  });
});
