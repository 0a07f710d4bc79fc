import type { Position } from '@civitas/events';
import type { DatabaseOutage } from '@civitas/service-kit/database';
import type { QueryExecutorProvider } from 'kysely';
import { DigestJob } from './digest-job';
import type { NotificationMailSender } from './notification-mail-claims';
import { LeaderTask } from './notification-mail-leader';
import { ImmediateMails } from './notification-mailer';
import type { DigestPeriod } from './notification-mail-texts';
import { UnsubscribeTokens } from './unsubscribe-token';

const IMMEDIATE_LOCK_KEY = 0x6e6d6169; // 'nmai'
const DIGEST_LOCK_KEY = 0x6e646967; // 'ndig'
/** "Immediately": a few seconds after the projection has the notification. */
const IMMEDIATE_EVERY_MS = 2000;
/** A digest is due once an hour is reached; looking every minute (or every scheduler tick, if shorter) is soon enough. */
const DIGEST_CHECK_MAX_MS = 60_000;
const PERIODS: DigestPeriod[] = ['daily', 'weekly'];

export interface NotificationMailOptions {
  db: QueryExecutorProvider;
  connectionString: string;
  headPosition(): Promise<Position>;
  /** A transport of its own: the outbox closes its own when it stops. */
  transport: NotificationMailSender & { close(): void };
  publicBaseUrl: string;
  digestHourUtc: number;
  schedulerIntervalMs: number;
  now: () => Date;
  log: { error(object: object, message: string): void };
  outage?: Pick<DatabaseOutage, 'noticed'>;
}

/**
 * The notification mails (docs/decisions.md, Notification mail): immediate mails and the digests,
 * each on one instance at a time (its own advisory lock, so the two may run on different instances),
 * and the signed one-click unsubscribe links both carry.
 */
export async function createNotificationMail(options: NotificationMailOptions) {
  const unsubscribeTokens = await UnsubscribeTokens.open(options.db);
  const addressing = { publicBaseUrl: options.publicBaseUrl, tokens: unsubscribeTokens };
  const immediate = new ImmediateMails({ db: options.db, headPosition: options.headPosition, sender: options.transport, addressing, now: options.now });
  const digests = new DigestJob({ db: options.db, sender: options.transport, addressing, hourUtc: options.digestHourUtc, now: options.now });
  const common = { connectionString: options.connectionString, log: options.log, outage: options.outage };
  const tasks = [
    new LeaderTask({
      ...common,
      name: 'notification mail',
      lockKey: IMMEDIATE_LOCK_KEY,
      intervalMs: IMMEDIATE_EVERY_MS,
      run: (signal) => immediate.runOnce(signal).then(() => undefined),
    }),
    new LeaderTask({
      ...common,
      name: 'notification digests',
      lockKey: DIGEST_LOCK_KEY,
      intervalMs: Math.min(options.schedulerIntervalMs, DIGEST_CHECK_MAX_MS),
      // A window already sent costs one read: runDigests returns at once.
      run: async (signal) => {
        for (const period of PERIODS) await digests.runDigests(period, options.now(), signal);
      },
    }),
  ];
  return {
    unsubscribeTokens,
    /** The digest job itself: the bench runs it directly. */
    digests,
    start: () => tasks.forEach((task) => task.start()),
    async stop() {
      await Promise.all(tasks.map((task) => task.stop()));
      options.transport.close();
    },
  };
}
export type NotificationMailReactors = Awaited<ReturnType<typeof createNotificationMail>>;
