import { ServiceUnavailableError } from '@civitas/events';
import { loadParticipantProfile, type ParticipantProfile, type ReadModels } from '@civitas/projector';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';

/** Who is asking: null for a visitor. Reads that depend on eligibility or membership start here. */
export async function viewerOf(request: FastifyRequest, auth: SessionAuth, readModels: Kysely<ReadModels>): Promise<ParticipantProfile | null> {
  const session = await auth.current(request);
  return session ? loadParticipantProfile(readModels, session.userId) : null;
}

export interface QueryContext {
  readModels: Kysely<ReadModels>;
  auth: SessionAuth;
  now: () => Date;
}

/** The signed-in member (401 for a visitor); a session exists only after its account's events, so a missing row is lag. */
export async function requireViewer(request: FastifyRequest, { auth, readModels }: QueryContext): Promise<ParticipantProfile> {
  const profile = await loadParticipantProfile(readModels, await auth.requireUserId(request));
  if (!profile) throw new ServiceUnavailableError('The data is still being updated; please retry shortly.', 1);
  return profile;
}
