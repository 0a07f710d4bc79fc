import { AccountSuspendedError } from '@civitas/events';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { FastifyInstance } from 'fastify';
import type { Suspensions } from './suspensions';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Signing out stays possible for everyone. */
const ALWAYS_ALLOWED = new Set(['/api/logout']);

/**
 * The one place a banned member's commands are refused (docs/product.md, Roles: 'every command answers 403
 * "Your account is suspended: <reason>"'), before any route looks at the body or the rules.
 * Reads pass (a banned member can still read). A ban ends the member's sessions, so this
 * catches what slips past that: a command already on its way, a sign-in racing the ban. With
 * nobody banned it costs nothing, not even the session lookup, once the list has been read.
 */
export function refuseSuspendedMembers(app: FastifyInstance, { auth, suspensions }: { auth: SessionAuth; suspensions: Suspensions }): void {
  app.addHook('preValidation', async (request) => {
    if (READS.has(request.method) || ALWAYS_ALLOWED.has(request.routeOptions.url ?? '')) return;
    // Just after a start the server may answer before the list was read: read it first (one read shared by all).
    if (!suspensions.isLoaded) await suspensions.reload();
    if (suspensions.isEmpty) return;
    const session = await auth.current(request);
    const reason = session ? suspensions.reasonFor(session.userId) : null;
    // A 403: the error handler logs it as a security event.
    if (reason !== null) throw new AccountSuspendedError(reason);
  });
}
