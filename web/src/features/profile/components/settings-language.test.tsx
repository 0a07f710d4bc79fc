import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { LANGUAGE_STORAGE_KEY } from '../../../i18n/languages';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderWithQueries } from '../../../test/render-app';
import { SettingsDialog } from './settings-dialog';

describe('Settings: language', () => {
  it('a member chooses Arabic in Settings, where both languages are named in themselves', async () => {
    mockFetch((request) => (request.url === '/api/user/account-security' ? jsonResponse({ hasPassword: true, sessions: [] }) : undefined));
    renderWithQueries(<SettingsDialog open onClose={() => {}} />);

    const languages = await screen.findByRole('radiogroup', { name: 'Language' });
    expect((within(languages).getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(languages).getByRole('radio', { name: 'العربية' }));

    const arabic = await screen.findByRole('radiogroup', { name: 'اللغة' });
    expect((within(arabic).getByRole('radio', { name: 'العربية' }) as HTMLInputElement).checked).toBe(true);
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
  });
});
