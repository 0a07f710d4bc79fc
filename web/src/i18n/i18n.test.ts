import { describe, expect, it } from 'vitest';
import { formatDisplayDate, formatDisplayDateTime, formatRelativeTime } from '../lib/format-date';
import { formatNumber } from '../lib/format-number';
import { FORGOT_PASSWORD_SUCCESS_TEXT } from '../features/identity/api/forgot-password';
import { chooseLanguage, currentLanguage, i18n } from '.';
import { LANGUAGE_STORAGE_KEY } from './languages';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

describe('interface language', () => {
  it('starts in English with the texts of docs/product.md, left to right', () => {
    expect(currentLanguage()).toBe('en');
    expect(i18n.t('identity:forgot.success')).toBe(FORGOT_PASSWORD_SUCCESS_TEXT);
    expect(formatRelativeTime(hoursAgo(3), 'topic', NOW)).toBe('3 hours ago');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('switches to Arabic: texts, right to left on <html>, Arabic plurals, dates and Latin digits; the choice is kept', async () => {
    await chooseLanguage('ar');

    expect(currentLanguage()).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(i18n.t('identity:panel.heading')).toBe('انضم إلى النقاش');
    // Arabic's six plural forms: one, two, few (3-10), many (11-99).
    expect(formatRelativeTime(hoursAgo(1), 'topic', NOW)).toBe('منذ ساعة واحدة');
    expect(formatRelativeTime(hoursAgo(2), 'topic', NOW)).toBe('منذ ساعتين');
    expect(formatRelativeTime(hoursAgo(3), 'topic', NOW)).toBe('منذ 3 ساعات');
    expect(formatRelativeTime(hoursAgo(11), 'topic', NOW)).toBe('منذ 11 ساعة');
    expect(formatRelativeTime(hoursAgo(0.5), 'topic', NOW)).toBe('منذ أقل من ساعة');
    expect(formatDisplayDate('2025-03-01T12:00:00.000Z')).toBe('1 مارس 2025');
    expect(formatDisplayDateTime('2025-03-01T12:00:00.000Z')).toMatch(/^1 مارس 2025، \d{1,2}:\d{2} [صم]$/);
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(i18n.t('common:nav.dashboard')).not.toBe('Dashboard');
  });

  it('comes back to English exactly', async () => {
    await chooseLanguage('ar');
    await chooseLanguage('en');

    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
    expect(formatRelativeTime(hoursAgo(1), 'topic', NOW)).toBe('1 hour ago');
    expect(formatRelativeTime(hoursAgo(0.5), 'chat', NOW)).toBe('30 min ago');
    expect(formatDisplayDate('2025-03-01T12:00:00.000Z')).toBe('Mar 01, 2025');
    expect(i18n.t('common:nav.dashboard')).toBe('Dashboard');
  });
});
