import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { signedOut } from '../test/auth-fixtures';
import { mockFetch } from '../test/mock-fetch';
import { renderApp } from '../test/render-app';
import { LANGUAGE_STORAGE_KEY } from '../i18n/languages';

describe('language switch', () => {
  it('a visitor switches the landing page to Arabic from the header, right to left, and back to English', async () => {
    mockFetch(signedOut);
    renderApp('/');

    const toArabic = await screen.findByRole('button', { name: 'العربية' });
    expect(toArabic.getAttribute('lang')).toBe('ar');
    fireEvent.click(toArabic);

    expect(await screen.findByRole('heading', { level: 1, name: 'ديمقراطية رقمية لكل مجتمع' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByRole('button', { name: 'تسجيل الدخول بالبريد الإلكتروني' })).toBeTruthy();
    expect(screen.queryByText('Join the conversation')).toBeNull();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Digital democracy for every community' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByRole('button', { name: 'Sign In with Email' })).toBeTruthy();
  });
});
