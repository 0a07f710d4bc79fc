import { describe, expect, it } from 'vitest';
import { externalProfileFromClaims, lacksProfileClaims } from './oidc-claims';

const issuer = 'https://accounts.google.com';

describe('the profile taken from ID token claims', () => {
  it('reads the standard claims', () => {
    expect(
      externalProfileFromClaims(issuer, {
        sub: '1234',
        email: 'ada@example.org',
        email_verified: true,
        given_name: ' Ada ',
        family_name: 'Lovelace',
        picture: 'https://example.org/a.png',
      }),
    ).toEqual({
      issuer,
      subject: '1234',
      email: 'ada@example.org',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: 'https://example.org/a.png',
    });
  });

  it("reads Replit's claim names", () => {
    expect(
      externalProfileFromClaims('https://replit.com/oidc', {
        sub: '42',
        email: 'grace@example.org',
        first_name: 'Grace',
        last_name: 'Hopper',
        profile_image_url: 'https://example.org/g.png',
      }),
    ).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', profileImageUrl: 'https://example.org/g.png', emailVerified: false });
  });

  it('counts an e-mail as verified only when the provider says so', () => {
    const verified = (email_verified: unknown, email: unknown = 'x@example.org') =>
      externalProfileFromClaims(issuer, { sub: 's', email, email_verified }).emailVerified;
    expect(verified(true)).toBe(true);
    expect(verified('true')).toBe(true);
    expect(verified(false)).toBe(false);
    expect(verified('false')).toBe(false);
    expect(verified(undefined)).toBe(false);
    expect(verified(1)).toBe(false);
    expect(verified(true, null)).toBe(false);
  });

  it('drops what cannot be trusted as is: odd pictures, over-long or malformed e-mails, empty names', () => {
    const profile = externalProfileFromClaims(issuer, {
      sub: 's',
      email: `${'a'.repeat(250)}@example.org`,
      email_verified: true,
      given_name: '   ',
      family_name: 'x'.repeat(500),
      picture: 'javascript:alert(1)',
    });
    expect(profile).toMatchObject({ email: null, emailVerified: false, firstName: null, profileImageUrl: null });
    expect(profile.lastName).toHaveLength(100);
    expect(externalProfileFromClaims(issuer, { sub: 's', email: 'not-an-address' }).email).toBeNull();
  });

  it('refuses claims without a subject', () => {
    expect(() => externalProfileFromClaims(issuer, { email: 'x@example.org' })).toThrow('no subject');
    expect(() => externalProfileFromClaims(issuer, { sub: '' })).toThrow('no subject');
  });

  it('asks for userinfo only when the ID token has no e-mail', () => {
    expect(lacksProfileClaims({ sub: 's' })).toBe(true);
    expect(lacksProfileClaims({ sub: 's', email: 'x@example.org' })).toBe(false);
  });
});
