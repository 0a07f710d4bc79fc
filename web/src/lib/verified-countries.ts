import type { AuthUser } from './api/get-current-user';

/** The names of the member's approved nationalities (pending and rejected ones grant nothing). */
export function verifiedCountries(user: Pick<AuthUser, 'verifications'>): string[] {
  return user.verifications.filter((verification) => verification.status === 'approved').map((v) => v.country);
}
