import type { InvitationKind, InvitationLookup } from '../features/invitations/api/get-invitation';
import type { AuthUser } from '../lib/api/get-current-user';
import { jsonResponse, type Route } from './mock-fetch';

export const INVITE_TOKEN = 'kR3x9-Qv_tL0pZ7mN2wY5aB8cD1eF4gH';

/** What GET /api/<kind>/invite/<token> answers for a pending invitation, unless overridden. */
export function makeLookup(overrides: Partial<InvitationLookup> = {}): InvitationLookup {
  return {
    email: 'layla.nasser@example.com',
    groupId: 10042,
    groupName: "Omar's Family",
    inviterName: 'Omar Farouk',
    status: 'pending',
    expiresAt: '2099-06-15T12:00:00.000Z',
    acceptedByYou: false,
    ...overrides,
  };
}

export function lookupUrl(kind: InvitationKind, token = INVITE_TOKEN): string {
  return `/api/${kind}/invite/${token}`;
}

/** Answers the invitation's lookup (GET) and, when given, its acceptance (POST .../accept). */
export function serveInvitation(kind: InvitationKind, lookup: InvitationLookup | Response, accept?: () => Response): Route {
  return ({ url, init }) => {
    const method = init?.method ?? 'GET';
    if (url === lookupUrl(kind) && method === 'GET') return lookup instanceof Response ? lookup : jsonResponse(lookup);
    if (url === `${lookupUrl(kind)}/accept` && method === 'POST' && accept) return accept();
    return undefined;
  };
}

/**
 * GET /api/auth/user answering whoever `current()` names at the time of the read, so a test
 * can end the session halfway (the server then answers 401).
 */
function serveChangingUser(current: () => AuthUser | null): Route {
  return ({ url }) => {
    if (url !== '/api/auth/user') return undefined;
    const user = current();
    return user ? jsonResponse(user) : jsonResponse({ message: 'Unauthorized' }, { status: 401 });
  };
}

/** The member's session ends as they accept: the accept answers 401, and so does every later read of the member. */
export function serveSessionEndingOnAccept(kind: InvitationKind, lookup: InvitationLookup, member: AuthUser): Route[] {
  let user: AuthUser | null = member;
  return [
    serveChangingUser(() => user),
    serveInvitation(kind, lookup, () => {
      user = null;
      return jsonResponse({ message: 'Unauthorized' }, { status: 401 });
    }),
  ];
}
