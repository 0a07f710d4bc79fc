import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render-app';

describe('not found page', () => {
  it('answers unknown paths with a heading and a developer hint', () => {
    mockFetch();
    renderApp('/no-such-page');

    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('keeps the header link home', () => {
    mockFetch();
    renderApp('/no-such-page');

    expect(screen.getByRole('link', { name: 'Civitas' }).getAttribute('href')).toBe('/');
  });
});
