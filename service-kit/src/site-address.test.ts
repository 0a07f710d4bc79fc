import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathOnSite, siteAddress, sitePath } from './site-address';

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

  it('rebuilds every stored value on our origin, whatever it holds', () => {
    expect(siteAddress('/subscribe/return', base, { paymentId: 'p', status: 'paid' })).toBe(`${base}/subscribe/return?paymentId=p&status=paid`);
    // Values stored before paths were kept (absolute, on some host) land on our origin too.
    expect(siteAddress('https://evil.example/steal?x=1', base)).toBe(`${base}/steal?x=1`);
    expect(siteAddress('//evil.example/steal', base)).toBe(`${base}/steal`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath()), (stored) => {
        expect(new URL(siteAddress(stored, base, { status: 'paid' })).origin).toBe(base);
        expect(sitePath(stored)).toMatch(/^\/(?!\/)/);
      }),
    );
  });
});
