import { PgListener } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { READ_MODELS_CHANNEL, decodeChangeNotice } from '@civitas/service-kit/read-models';
import type { DatabaseOutage } from '@civitas/service-kit/database';
import type { Kysely } from 'kysely';

/** How often the banned list is read again as a safety net: notices and reconnects reload it at once. */
const POLL_MS = 30_000;
/** How long a ban decided here counts over a read model that does not show it yet. */
const NOTED_MS = 30_000;
/** undefined_table, invalid_schema_name: the projector has not created the read models yet. */
const MISSING_READ_MODELS = new Set(['42P01', '3F000']);

export interface SuspensionsOptions {
  readModels: Kysely<ReadModels>;
  /** Where the projector's change notices are heard; null: polling only. */
  connectionString: string | null;
  log: { error(object: object, message: string): void };
  /** Told of connection failures instead of the log: an outage is one line (DatabaseOutage), not one per retry. */
  outage?: Pick<DatabaseOutage, 'noticed'>;
}

/**
 * Who is banned, and why, kept in memory so that checking a command costs no query: bans are
 * few and change seldom. Read from the `users` read model at start, again after every change
 * notice that names users, and every half minute in case a notice was lost; a ban or unban
 * decided in this process counts here at once. Other processes learn it within milliseconds
 * (the notice after the projection), and the member's sessions have ended anyway.
 */
export class Suspensions {
  private banned = new Map<string, string>();
  /** Bans (reason) and unbans (null) decided in this process that the read model may not show yet. */
  private readonly noted = new Map<string, { reason: string | null; until: number }>();
  private readonly listener: PgListener | null;
  private poller: NodeJS.Timeout | null = null;
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  /** Whether the banned list has been read once: until then `isEmpty` means nothing. */
  private loaded = false;

  constructor(private readonly options: SuspensionsOptions) {
    this.listener = options.connectionString
      ? new PgListener({ connectionString: options.connectionString }, READ_MODELS_CHANNEL, (payload) => this.onNotice(payload), {
          applicationName: 'civitas-suspensions',
          onReconnect: () => this.reload(),
        })
      : null;
  }

  /** The reason a member is banned for, or null. */
  reasonFor(userId: string): string | null {
    return this.banned.get(userId) ?? null;
  }

  get isEmpty(): boolean {
    return this.banned.size === 0;
  }

  get isLoaded(): boolean {
    return this.loaded;
  }

  /** A ban (reason) or unban (null) this process just appended, before the read model shows it. */
  note(userId: string, reason: string | null): void {
    this.noted.set(userId, { reason, until: Date.now() + NOTED_MS });
    this.apply(this.banned);
  }

  async start(): Promise<void> {
    await this.listener?.start().catch(() => undefined); // it reconnects by itself; the poll covers the gap
    await this.reload();
    this.poller = setInterval(() => this.reload(), POLL_MS);
    this.poller.unref();
  }

  async stop(): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    await this.listener?.close();
  }

  /** Reads the banned list again; concurrent calls share one read, and one more follows if asked for meanwhile. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        try {
          const rows = await this.options.readModels.selectFrom('users').select(['id', 'ban_reason']).where('is_banned', '=', true).execute();
          this.banned = this.apply(new Map(rows.map((row) => [row.id, row.ban_reason ?? ''])));
          this.loaded = true;
        } catch (error) {
          // Keep what is known and try again on the next round; no read models yet (a first start) is no fault: nobody is banned.
          if (MISSING_READ_MODELS.has((error as { code?: string }).code ?? '')) this.loaded = true;
          else if (!this.options.outage?.noticed(error)) this.options.log.error({ err: error }, 'banned members not read');
        }
      } while (this.reloadAgain);
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  /**
   * Lays what this process decided over what the read model says, until the read model agrees
   * (or a while has passed: then another process may have decided since, and the read model rules).
   */
  private apply(banned: Map<string, string>): Map<string, string> {
    const now = Date.now();
    for (const [userId, { reason, until }] of this.noted) {
      const shown = banned.get(userId) ?? null;
      if (until < now || shown === reason) {
        this.noted.delete(userId);
        continue;
      }
      if (reason === null) banned.delete(userId);
      else banned.set(userId, reason);
    }
    return banned;
  }

  private onNotice(payload: string): void {
    const notice = decodeChangeNotice(payload);
    if (!notice || notice.swapped || notice.changes.users !== undefined) void this.reload();
  }
}
