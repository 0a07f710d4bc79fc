import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathOnSite, sitePath, sitePathWith } from './site-address';

const base = 'http://127.0.0.1:3000';

describe('addresses on this site', () => {
  it('accepts our own origin, absolute or as a path, and keeps only the path and query', () => {
    expect(pathOnSite(`${base}/subscribe/return`, base)).toBe('/subscribe/return');
    expect(pathOnSite(`${base}/subscribe/return?from=plans#top`, base)).toBe('/subscribe/return?from=plans');
    expect(pathOnSite('/subscribe/return', base)).toBe('/subscribe/return');
    expect(pathOnSite(`${base}//evil.example/x`, base)).toBe('/evil.example/x');
  });

  it('refuses other hosts, protocol-relative and disguised addresses, and other schemes', () => {
    for (const address of [
      'https://evil.example/steal',
      '//evil.example/steal',
      '\\\\evil.example/steal',
      '/\\evil.example/steal',
      '/\t/evil.example',
      `${base}@evil.example/steal`,
      'http://127.0.0.1:3000.evil.example/',
      'https://127.0.0.1:3000/',
      'http://127.0.0.1:3001/',
      `http://someone:secret@127.0.0.1:3000/`,
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'http://[::1',
      'evil.example',
      'subscribe/return',
      ' //evil.example',
    ]) {
      expect(pathOnSite(address, base), address).toBeNull();
    }
  });

  it('answers every stored value as a path on this site, whatever it holds', () => {
    expect(sitePathWith('/subscribe/return', { paymentId: 'p', status: 'paid' })).toBe('/subscribe/return?paymentId=p&status=paid');
    // Values stored before paths were kept (absolute, on some host) become paths too.
    expect(sitePathWith('https://evil.example/steal?x=1', { status: 'paid' })).toBe('/steal?x=1&status=paid');
    expect(sitePathWith('//evil.example/steal', {})).toBe('/steal');
    // A backslash is a slash to a browser: '/\\evil.example' would leave the site (found by the property below).
    expect(sitePath('a:\\evil.example')).toBe('/%5Cevil.example');
    expect(sitePathWith('A:\\', { status: 'paid' })).toBe('/%5C?status=paid');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath()), (stored) => {
        expect(sitePathWith(stored, { status: 'paid' })).toMatch(/^\/(?!\/)/);
        expect(sitePath(stored)).toMatch(/^\/(?!\/)/);
      }),
    );
  });
});
