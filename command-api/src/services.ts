import { normalizeEmail, originOf, type EventRegistry, type EventStore } from '@civitas/events';
import type { ReadModels } from '@civitas/projector/read-models';
import { projectionCaughtUp } from '@civitas/service-kit/read-models';
import type { PlatformDatabase } from '@civitas/service-kit';
import type { Config } from '@civitas/service-kit/config';
import { DatabaseOutage, asReadModels } from '@civitas/service-kit/database';
import { PersonalDataVault, createKeyedHasher } from '@civitas/service-kit/personal-data';
import type { Kysely } from 'kysely';
import path from 'node:path';
import { createSessionAuth } from '@civitas/service-kit/session-auth';
import { RateLimitCounters } from '@civitas/service-kit/rate-limit-store';
import { publishSessionsEnded } from '@civitas/service-kit/session-events';
import { AccountService } from './account/account-service';
import { NotificationSettingsService } from './notifications/notification-settings-service';
import { createNotificationMail } from './notifications/notification-mail-reactors';
import { MAILS_AT_ONCE } from './notifications/notification-mail-claims';
import { CHECKPOINT_EVERY_MS, checkpointSigner } from './audit/checkpoint-signer';
import { GroupsService } from './groups/groups-service';
import { PersonalGroups } from './groups/personal-groups';
import { seedGroupCatalogue } from './groups/seed-catalogue';
import { IdentityService } from './identity/identity-service';
import { InvitationsService } from './invitations/invitations-service';
import { DelegationService } from './delegation/delegation-service';
import { ElectionsService } from './elections/elections-service';
import { CommandBus } from './lib/command-bus';
import { ParticipationGate } from './lib/participation-gate';
import { People } from './lib/people';
import { PeriodicTask } from './lib/periodic-task';
import { MailOutbox } from './mail/mail-outbox';
import { fileTransport, smtpTransport } from './mail/mail-transport';
import { OpinionsService } from './opinions/opinions-service';
import { ChatService } from './chat/chat-service';
import { ProfilesService } from './profiles/profiles-service';
import { ProfileImageStore } from '@civitas/service-kit/profile-images';
import { FeedbackService } from './moderation/feedback-service';
import { LeaderReportService } from './moderation/leader-report-service';
import { ReportTargets } from './moderation/report-targets';
import { ReportActionService } from './moderation/report-action-service';
import { BanService } from './moderation/ban-service';
import { AdminRoster } from './moderation/admin-roster';
import { RolesService } from './moderation/roles-service';
import { Suspensions } from './moderation/suspensions';
import { MoyasarClient } from './subscriptions/moyasar/moyasar-client';
import { runSubscriptionChores } from './subscriptions/subscription-scheduler';
import { SubscriptionService } from './subscriptions/subscription-service';
import { closeExpiredTopics } from './topics/topic-closing';
import { TopicsService } from './topics/topics-service';
import { VerificationService } from './verification/verification-service';
import { VerificationLookups } from './verification/verification-lookups';
import { PersonalDocuments } from '@civitas/service-kit/personal-documents';
import { VotingService } from './voting/voting-service';
import { Receipts } from './lib/receipt';
import { cachedLeafBlinder } from '@civitas/service-kit/merkle-store';

export interface CommandServiceDependencies {
  store: EventStore;
  registry: EventRegistry;
  config: Config;
  /** The platform database (sessions, subject keys, sequences). */
  db: Kysely<PlatformDatabase>;
  databaseUrl: string;
  /** The read models: the platform's pool bound to the read schema (`db.withSchema(READ_SCHEMA)`), for reactors that look for due work. */
  readModels: Kysely<PlatformDatabase>;
  now: () => Date;
  log: { error(object: object, message: string): void; warn(object: object, message: string): void; info(object: object, message: string): void };
  /** The process's view of its database (ServiceRuntime's): the reactors' retries report connection failures there. */
  outage?: DatabaseOutage;
}

const PERSONAL_GROUPS_SWEEP_MS = 10 * 60_000;

/** The command side's services and reactors, built once from the configuration. */
export async function createCommandServices({
  store,
  registry,
  config,
  db,
  databaseUrl,
  readModels: readModelDb,
  now,
  log,
  outage = new DatabaseOutage(log),
}: CommandServiceDependencies) {
  const readModels = asReadModels<ReadModels>(readModelDb);
  const bus = new CommandBus(store, registry, now);
  const personalGroups = new PersonalGroups(bus, db);
  const vault = new PersonalDataVault(db);
  const identity = new IdentityService({
    bus,
    adminEmails: config.adminEmails,
    vault,
    reservationKey: await createKeyedHasher(db, 'reservation-key'),
    // A failure here is repaired by the periodic sweep; the account itself exists.
    onAccountCreated: (userId) =>
      personalGroups.ensure(userId).then(
        ({ position }) => position,
        (error) => {
          log.error({ err: error }, 'personal groups not created yet');
          return null;
        },
      ),
  });
  const moyasar = config.paymentProviders.includes('moyasar')
    ? { client: new MoyasarClient(config.MOYASAR_API_URL, config.MOYASAR_SECRET_KEY!), webhookSecret: config.MOYASAR_WEBHOOK_SECRET! }
    : null;
  const subscriptions = new SubscriptionService({
    bus,
    publicBaseUrl: config.publicBaseUrl,
    moyasar,
    sandboxEnabled: config.paymentProviders.includes('sandbox'),
  });
  const gate = new ParticipationGate(bus);

  const topics = new TopicsService(bus, gate);
  const leafBlind = cachedLeafBlinder(db);
  const receipts = new Receipts(store, leafBlind);
  const opinions = new OpinionsService(bus, gate, topics);
  // Ballots over a topic's opinions find them as votes do, through the same service (and its cache).
  const elections = new ElectionsService(bus, gate, topics, receipts, opinions);
  const voting = new VotingService(bus, gate, { opinions, topics, receipts });
  const people = new People(vault);
  const delegation = new DelegationService(bus, gate, readModels, people);
  const groups = new GroupsService(bus);
  const invitations = new InvitationsService(bus, vault, config.publicBaseUrl, groups);
  const auth = createSessionAuth(db, config, now);
  // Sign-in limits count in the database, so every command-api instance counts together.
  const rateLimitCounters = new RateLimitCounters(db);
  const verification = new VerificationService(bus, vault, await createKeyedHasher(db, 'national-id-hash-key', config.NATIONAL_ID_HASH_KEY), {
    documents: new PersonalDocuments(db, vault),
    lookups: new VerificationLookups(store, readModels),
    counters: rateLimitCounters,
  });
  // Chat's per-member limit counts there too, so it holds across processes and ways in (REST, socket).
  const chat = new ChatService(bus, gate, topics, rateLimitCounters);
  const profiles = new ProfilesService(bus, vault, new ProfileImageStore(db), rateLimitCounters);
  const reportTargets = new ReportTargets(store, readModels);
  const feedback = new FeedbackService(bus, reportTargets, rateLimitCounters);
  // Every command checks bans in memory (kept fresh by the read models' notices); a ban ends the member's sessions and, through the notice, their sockets.
  const suspensions = new Suspensions({ readModels, connectionString: databaseUrl, log, outage });
  // Every removal of an active admin (a revocation, a ban, an erasure) is cleared on one roster stream (docs/decisions.md, The last admin).
  const roster = new AdminRoster(bus);
  const roles = new RolesService(bus, roster);
  const leaderReports = new LeaderReportService(bus, gate, roles, rateLimitCounters);
  const bans = new BanService(
    bus,
    roster,
    {
      endAll: async (userId) => {
        await auth.sessions.destroyAllForUser(userId);
        await publishSessionsEnded(db, { users: [userId] });
      },
    },
    suspensions,
  );
  // A hide is answered once the reads hide it, so every reader (a plain HTTP client too) sees it at once.
  const reportActions = new ReportActionService(bus, reportTargets, bans, () => projectionCaughtUp(store, readModels, 'moderation'));
  // Erasure needs identity's credentials and address, verification's national ids, and what is kept outside the events.
  const account = new AccountService({
    bus,
    admins: roster,
    vault,
    readModels,
    credentials: identity,
    nationalIds: verification,
    storedFiles: [new ProfileImageStore(db), new PersonalDocuments(db, vault)],
  });
  const notifications = new NotificationSettingsService(bus, account);

  const tick = config.SCHEDULER_INTERVAL_SECONDS * 1000;
  const chores: Array<[PeriodicTask, number]> = [
    [new PeriodicTask('subscription scheduler', () => runSubscriptionChores(readModels, subscriptions, now()), log, outage), tick],
    [
      new PeriodicTask(
        'topic closing',
        async () => void (await closeExpiredTopics({ readModels, store, registry, blind: leafBlind, topics, leaders: elections, now: now() })),
        log,
        outage,
      ),
      tick,
    ],
    // Sign-up creates personal groups itself; this only repairs the rare account a crash left without them.
    [
      new PeriodicTask('log checkpoints', checkpointSigner(db, now, originOf(config.publicBaseUrl), config.WITNESSES), log, outage),
      Math.min(tick, CHECKPOINT_EVERY_MS),
    ],
    [
      new PeriodicTask('personal groups sweep', async () => void (await personalGroups.ensureMissing(readModels)), log, outage),
      Math.max(tick, PERSONAL_GROUPS_SWEEP_MS),
    ],
  ];
  const mailTransport = (connections?: number) =>
    config.SMTP_URL ? smtpTransport(config.SMTP_URL, { connections }) : fileTransport(path.join(config.DATA_DIR, 'mail'), log);
  const outbox = new MailOutbox({
    connectionString: databaseUrl,
    db,
    store,
    registry,
    bus,
    vault,
    publicBaseUrl: config.publicBaseUrl,
    log,
    outage,
    recipients: {
      recipient: (userId) => identity.recipient(userId),
      wantsOptionalMail: async (address, kind) => {
        const holder = await identity.findAccountByEmail(normalizeEmail(address));
        return holder ? (await account.notificationPreferences(holder.userId))[kind] : true;
      },
    },
    transport: mailTransport(),
  });
  // Notification mails and digests (docs/decisions.md, Notification mail), with a transport of their own that keeps its connections.
  const notificationMail = await createNotificationMail({
    db,
    connectionString: databaseUrl,
    headPosition: () => store.headPosition(),
    transport: mailTransport(MAILS_AT_ONCE),
    publicBaseUrl: config.publicBaseUrl,
    digestHourUtc: config.NOTIFICATION_DIGEST_HOUR,
    schedulerIntervalMs: tick,
    now,
    log,
    outage,
  });
  let expirySweep: NodeJS.Timeout | null = null;
  return {
    identity,
    subscriptions,
    verification,
    topics,
    opinions,
    chat,
    profiles,
    feedback,
    leaderReports,
    reportActions,
    account,
    notifications,
    unsubscribeTokens: notificationMail.unsubscribeTokens,
    digests: notificationMail.digests,
    roles,
    bans,
    suspensions,
    voting,
    delegation,
    elections,
    groups,
    invitations,
    people,
    auth,
    rateLimitCounters,
    readModels,
    /** What the command side does at start: the catalogue, configured admins, then its timers. */
    async start() {
      const seeded = await seedGroupCatalogue(store, registry);
      if (seeded.created > 0) log.info({ created: seeded.created }, 'group catalogue created');
      await identity.grantConfiguredAdmins();
      await suspensions.start();
      for (const [chore, interval] of chores) chore.start(interval);
      outbox.start();
      notificationMail.start();
      expirySweep = setInterval(() => {
        auth.sessions.deleteExpired().catch(() => undefined);
        rateLimitCounters.sweep().catch(() => undefined);
      }, 10 * 60_000);
      expirySweep.unref();
    },
    async stop() {
      if (expirySweep) clearInterval(expirySweep);
      await Promise.all([...chores.map(([chore]) => chore.stop()), outbox.stop(), notificationMail.stop(), suspensions.stop()]);
    },
  };
}
export type CommandServices = Awaited<ReturnType<typeof createCommandServices>>;
