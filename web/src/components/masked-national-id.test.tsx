import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { maskNationalId } from '@civitas/events/verification/verification.contract';
import { chooseLanguage, i18n } from '../i18n';
import { countryName } from '../lib/country-name';
import { Auto, Ltr } from './bidi';
import { MaskedNationalId } from './masked-national-id';

// docs/decisions.md, Bidirectional text and masked ids.
describe('maskNationalId', () => {
  it('keeps the last four characters behind a fixed mask, whatever the id\u2019s length, spaces and hyphens left out', () => {
    expect(maskNationalId('JO-4-4559812')).toBe('\u2022\u2022\u2022\u2022 9812');
    expect(maskNationalId('1234567890')).toBe('\u2022\u2022\u2022\u2022 7890');
    expect(maskNationalId('12345')).toBe('\u2022\u2022\u2022\u2022 2345');
    expect(maskNationalId(' 1234 5678 90 ')).toBe('\u2022\u2022\u2022\u2022 7890');
    expect(maskNationalId('123-45-6789')).toBe('\u2022\u2022\u2022\u2022 6789');
  });

  it('gives a masked id back unchanged (the server sends it masked, the page masks it again)', () => {
    expect(maskNationalId(maskNationalId('29001011234567'))).toBe(maskNationalId('29001011234567'));
  });
});

describe('MaskedNationalId', () => {
  it('shows the masked id as an isolated left-to-right run, the whole id only when revealed', () => {
    const { container, rerender } = render(<MaskedNationalId value="JO-4-4559812" />);
    const run = container.querySelector('bdi');
    expect([run?.getAttribute('dir'), run?.textContent]).toEqual(['ltr', '\u2022\u2022\u2022\u2022 9812']);
    expect(container.textContent).not.toContain('4559812');
    rerender(<MaskedNationalId value="JO-4-4559812" revealed />);
    expect(container.querySelector('bdi')?.textContent).toBe('JO-4-4559812');
  });
});

describe('bidirectional runs', () => {
  afterEach(() => chooseLanguage('en'));

  it('Auto isolates member text with its own direction; Ltr forces left to right', () => {
    const { container } = render(
      <p>
        <Auto>We talk it through and decide together.</Auto> <Ltr>ab12-cd34</Ltr>
      </p>,
    );
    expect([...container.querySelectorAll('bdi')].map((run) => run.getAttribute('dir'))).toEqual(['auto', 'ltr']);
  });

  it('in Arabic, a value with Latin letters goes into a text as a first-strong isolate; Arabic values, numbers and English texts stay as they are', async () => {
    expect(i18n.t('verification:admin.itemLabel', { name: 'Nour Haddad', country: 'Egypt' })).toBe('Verification: Nour Haddad, Egypt');
    await chooseLanguage('ar');
    expect(i18n.t('verification:admin.itemLabel', { name: 'Nour Haddad', country: 'مصر' })).toBe('طلب تحقق: \u2068Nour Haddad\u2069، مصر');
    expect(i18n.t('verification:admin.itemLabel', { name: 'نور', country: '12' })).toBe('طلب تحقق: نور، 12');
  });

  it('names a stored country in the interface language, by its ISO code; English keeps the stored name', () => {
    expect(countryName('Saudi Arabia', 'en')).toBe('Saudi Arabia');
    expect(countryName('Saudi Arabia', 'ar')).toBe(new Intl.DisplayNames(['ar'], { type: 'region' }).of('SA'));
    expect(countryName('saudi_arabia', 'ar')).toBe(countryName('Saudi Arabia', 'ar'));
    expect(countryName('Atlantis', 'ar')).toBe('Atlantis');
  });
});
