import type { ExternalProfile } from '../identity-service';

type Claims = Record<string, unknown>;

// Same bound as the registration form's names: a provider cannot plant a megabyte in a profile.
const MAX_NAME_LENGTH = 100;
const MAX_URL_LENGTH = 2048;

const text = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, max) : null;
};

/** Only web addresses become a profile picture; `javascript:` and friends never reach an <img>. */
const imageUrl = (value: unknown): string | null => {
  const candidate = text(value, MAX_URL_LENGTH);
  if (!candidate || candidate.length >= MAX_URL_LENGTH) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? candidate : null;
  } catch {
    return null;
  }
};

/** An address is kept whole or not at all: a cut-off e-mail would be someone else's. */
const emailClaim = (value: unknown): string | null => {
  const candidate = typeof value === 'string' ? value.trim() : '';
  return candidate.length > 0 && candidate.length <= 254 && candidate.includes('@') ? candidate : null;
};

/**
 * Whether these ID token claims lack the e-mail an account is matched by. Providers that
 * follow OpenID Connect to the letter put the profile only in the userinfo response.
 */
export const lacksProfileClaims = (claims: Claims): boolean => emailClaim(claims.email) === null;

/**
 * The account-facing profile from verified claims. Standard claim names first; Replit issues
 * `first_name`, `last_name` and `profile_image_url` instead. An e-mail counts as verified only
 * when the provider says so (some send the string "true"), because a verified e-mail links to
 * an existing account.
 */
export function externalProfileFromClaims(issuer: string, claims: Claims): ExternalProfile {
  const subject = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
  if (!subject) throw new Error('The ID token has no subject');
  const email = emailClaim(claims.email);
  return {
    issuer,
    subject,
    email,
    emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
    firstName: text(claims.given_name, MAX_NAME_LENGTH) ?? text(claims.first_name, MAX_NAME_LENGTH),
    lastName: text(claims.family_name, MAX_NAME_LENGTH) ?? text(claims.last_name, MAX_NAME_LENGTH),
    profileImageUrl: imageUrl(claims.picture) ?? imageUrl(claims.profile_image_url),
  };
}
