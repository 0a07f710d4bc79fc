import type { SignInProviders } from '@civitas/events/identity/auth-user';
import type { AuthUser } from '../lib/api/get-current-user';
import { jsonResponse, type Route } from './mock-fetch';

let nextId = 0;

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  nextId += 1;
  return {
    id: `user-${nextId}`,
    email: `amina.haddad${nextId}@example.com`,
    emailVerified: true,
    firstName: 'Amina',
    lastName: 'Haddad',
    profileImageUrl: null,
    aboutMe: null,
    city: null,
    websiteUrl: null,
    twitterUrl: null,
    linkedinUrl: null,
    githubUrl: null,
    isSubscribed: false,
    subscriptionPlan: null,
    subscriptionStatus: null,
    subscriptionStartDate: null,
    subscriptionEndDate: null,
    participationScore: 0,
    isBanned: false,
    banReason: null,
    bannedAt: null,
    isVerified: false,
    country: null,
    nationalId: null,
    verifications: [],
    roles: [],
    isAdmin: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Answers GET /api/auth/user as the server does: the member, or 401 for a visitor. */
export function serveCurrentUser(user: AuthUser | null): Route {
  return ({ url }) => {
    if (url !== '/api/auth/user') return undefined;
    return user ? jsonResponse(user) : jsonResponse({ message: 'Unauthorized' }, { status: 401 });
  };
}

export const signedOut = serveCurrentUser(null);

/** Answers GET /api/auth/providers: the sign-in providers the server is registered with. */
export function serveSignInProviders(providers: SignInProviders['providers']): Route {
  return ({ url }) => (url === '/api/auth/providers' ? jsonResponse({ providers }) : undefined);
}
