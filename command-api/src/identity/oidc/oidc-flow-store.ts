import { sha256 } from '@civitas/service-kit/tokens';
import { sql, type QueryExecutorProvider } from 'kysely';
import { z } from 'zod';
import { OIDC_PROVIDER_IDS } from './oidc-providers';

/** Long enough to sign in at the provider (and maybe create an account there), short enough to go stale fast. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000;

/** What the callback needs to finish one sign-in; it never leaves the server. */
export const OidcFlow = z.object({
  provider: z.enum(OIDC_PROVIDER_IDS),
  codeVerifier: z.string(),
  nonce: z.string(),
  /** sha256 of the binding cookie's value: the flow completes only in the browser that started it. */
  bindingHash: z.string(),
  redirectUri: z.string(),
});
export type OidcFlow = z.infer<typeof OidcFlow>;

/**
 * Sign-in flows in `auth_flows`, keyed by the hash of their `state` (the state travels in
 * URLs; a leaked table row does not reveal it). Each flow is taken once: the delete that
 * reads it also ends it, so a replayed callback finds nothing.
 */
export class OidcFlowStore {
  constructor(
    // Raw SQL only (auth_flows, sessions.migrations.ts): any Kysely or transaction runs it.
    private readonly db: QueryExecutorProvider,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async save(state: string, flow: OidcFlow): Promise<void> {
    const now = this.now();
    // Abandoned flows are swept here: the table only ever holds the last few minutes of starts.
    await sql`delete from auth_flows where expire <= ${now}`.execute(this.db);
    const expire = new Date(now.getTime() + OIDC_FLOW_TTL_MS);
    await sql`insert into auth_flows (id, data, expire) values (${sha256(state)}, ${JSON.stringify(flow)}, ${expire})`.execute(this.db);
  }

  /** The flow started with this state, removed as it is read; null when unknown, used or expired. */
  async take(state: string): Promise<OidcFlow | null> {
    const { rows } = await sql<{ data: unknown; expire: Date }>`delete from auth_flows where id = ${sha256(state)} returning data, expire`.execute(this.db);
    const row = rows[0];
    if (!row || row.expire.getTime() <= this.now().getTime()) return null;
    const flow = OidcFlow.safeParse(row.data);
    return flow.success ? flow.data : null;
  }
}
