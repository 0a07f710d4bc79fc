import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, once the session was resolved for this request (for logs). */
    memberId?: string | null;
  }
}

/** What an operator needs to see when someone probes the platform; never personal data. */
export type SecurityEventKind =
  | 'signed_in'
  | 'sign_in_failed'
  | 'sign_in_refused'
  | 'rate_limited'
  | 'csrf_refused'
  | 'forbidden'
  | 'password_reset_requested'
  | 'password_reset_completed'
  | 'email_verified'
  | 'email_verification_requested'
  /** A provider proved the address of an account that never verified it: its password and sessions ended. */
  | 'unverified_account_claimed'
  | 'role_granted'
  | 'role_revoked'
  | 'member_banned'
  | 'member_unbanned'
  | 'signed_out'
  /** The member changed their password (their other sessions ended), or ended their other sessions. */
  | 'password_changed'
  | 'other_sessions_ended'
  /** A signed-in member failed to prove it is them (a wrong current password, a stale sign-in). */
  | 'reauthentication_failed'
  /** The account's key was shredded: only its id remains. */
  | 'account_erased';

export interface SecurityEventDetails {
  /** The member concerned when known (the actor's own session otherwise). */
  userId?: string | null;
  /** A short, fixed reason code or route name: never user input. */
  reason?: string;
}

/**
 * One structured line per security event, with the member id and the client address, so an
 * operator can search `securityEvent` in the logs. Never pass e-mails, names, tokens or ids of
 * documents here: the log outlives erasure.
 */
export function logSecurityEvent(request: FastifyRequest, kind: SecurityEventKind, details: SecurityEventDetails = {}): void {
  request.log.warn(
    {
      securityEvent: kind,
      clientAddress: request.ip,
      userId: details.userId ?? request.memberId ?? null,
      route: request.routeOptions?.url ?? null,
      ...(details.reason ? { reason: details.reason } : {}),
    },
    'security event',
  );
}
