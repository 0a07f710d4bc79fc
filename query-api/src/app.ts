import type { SignInProvider } from '@civitas/events/identity/auth-user';
import type { ReadModels } from '@civitas/projector/read-models';
import type { PlatformDatabase } from '@civitas/service-kit';
import { readModelsOn } from '@civitas/service-kit/database';
import { zodRoutes, type CivitasPlugin } from '@civitas/service-kit/http-app';
import { registerRoutePolicies } from '@civitas/service-kit/route-policies';
import type { Kysely } from 'kysely';
import type { SessionAuth } from '@civitas/service-kit/session-auth';
import { delegationRoutes } from './delegation/delegation.routes';
import { electionsRoutes } from './elections/elections.routes';
import { groupsRoutes } from './groups/groups.routes';
import { invitationsRoutes } from './invitations/invitations.routes';
import { authUserRoutes } from './identity/auth-user.routes';
import { signInProvidersRoutes } from './identity/sign-in-providers.routes';
import { userStatsRoutes } from './profiles/user-stats.routes';
import { accountExportRoutes } from './account/account-export.routes';
import { accountSecurityRoutes } from './account/account-security.routes';
import { notificationPreferencesRoutes } from './account/notification-preferences.routes';
import { profilesRoutes, type CarriedWeightOf } from './profiles/profiles.routes';
import { catchmentOf, eligibilityGroup, weightReaching } from './delegation/delegation-network';
import { carriedWeight } from '@civitas/events';
import { ProfileImageStore } from '@civitas/service-kit/profile-images';
import { paymentRoutes } from './subscriptions/payments.routes';
import { findVisibleTopic, topicsRoutes } from './topics/topics.routes';
import { searchRoutes } from './search/search.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { chatRoutes } from './chat/chat.routes';
import { feedbackRoutes } from './moderation/feedback.routes';
import { leaderReportRoutes } from './moderation/leader-report.routes';
import { adminMembersRoutes } from './moderation/admin-members.routes';
import { auditRoutes } from './audit/audit.routes';
import { merkleLogRoutes } from './audit/merkle-log.routes';
import { timeTravelPorts } from './audit/time-travel.routes';
import { auditTopicsRoutes } from './audit/audit-topics.routes';
import { auditExportRoutes } from './audit/audit-export.routes';
import { memberReceiptsRoutes } from './audit/member-receipts.routes';
import type { EventStore } from '@civitas/events';
import { toTopicView } from './topics/topic-views';
import { verificationsRoutes } from './verification/verifications.routes';
import { registerLive, type LiveOptions } from './live/live';
import type { ProjectionWatcher } from './lib/projection-watcher';
import { readYourWrites, registerReadYourWrites } from './lib/read-your-writes';
import type { QueryContext } from './lib/viewer';
import { roleGate } from './lib/role-gate';

export interface QueryApiOptions {
  /** The primary: sessions, the vault, profile images, platform secrets and the Merkle log's signed checkpoints. */
  db: Kysely<PlatformDatabase>;
  /** Where the read models are read: READ_DATABASE_URL's streaming replica, else `db` (the watcher must read the same). */
  readDb?: Kysely<PlatformDatabase>;
  watcher: ProjectionWatcher;
  auth: SessionAuth;
  paymentProviders: ReadonlyArray<'moyasar' | 'sandbox'>;
  /** The sign-in providers registered here (config.signInProviders). */
  signInProviders: readonly SignInProvider[];
  /** The origin invitation links name. */
  publicBaseUrl: string;
  /** The clock that tells whether a topic or an invitation is still open; tests inject one. */
  now?: () => Date;
  /** The live socket at /ws (left out where no one connects, e.g. route tests). */
  live?: LiveOptions;
  /** The event store, read by time travel (`asOf`) and the audit history; without it `asOf` is ignored. */
  store?: EventStore;
}

/** GET routes over the read models; each declares the projections it reads. */
export const queryApi: CivitasPlugin<QueryApiOptions> = async (
  instance,
  { db, readDb, watcher, auth, paymentProviders, signInProviders, publicBaseUrl, now, live, store },
) => {
  const app = zodRoutes(instance);
  const reachPosition = readYourWrites(watcher, auth);
  registerReadYourWrites(app, reachPosition);
  const readModels = readModelsOn<ReadModels>(readDb ?? db);
  const context: QueryContext = { readModels, auth, now: now ?? (() => new Date()), reachPosition };
  // Every route declares its access (config.access); visitors hear 401 before anything is read.
  registerRoutePolicies(app, { auth, requireRoles: roleGate(context) });
  groupsRoutes(app, context);
  authUserRoutes(app, context);
  signInProvidersRoutes(app, [...signInProviders]);
  verificationsRoutes(app, { ...context, db });
  userStatsRoutes(app, context);
  accountExportRoutes(app, context);
  accountSecurityRoutes(app, context);
  notificationPreferencesRoutes(app, context);
  // The profile's Delegations tab: the weight a member carries, from the delegation feature's graph.
  const carriedWeightOf: CarriedWeightOf = async (groupId, memberId) => {
    const group = await eligibilityGroup(readModels, groupId);
    if (!group) return null;
    const { directDelegators, weight } = carriedWeight(await catchmentOf(readModels, { ...group, groupId }, memberId), memberId);
    return { directDelegators, weight };
  };
  profilesRoutes(app, { ...context, images: new ProfileImageStore(db), carriedWeightOf });
  const travel = store ? timeTravelPorts(store) : null;
  topicsRoutes(app, context, travel?.talliesAsOf);
  chatRoutes(app, { ...context, findVisibleTopic });
  feedbackRoutes(app, context);
  leaderReportRoutes(app, context);
  adminMembersRoutes(app, context);
  auditRoutes(app, context);
  merkleLogRoutes(app, { ...context, db });
  // The timeline shows on the topic page: it asks the topic read's own visibility check.
  if (store) auditTopicsRoutes(app, { ...context, db, store, findVisibleTopic });
  if (store) auditExportRoutes(app, { ...context, db, store });
  if (store) memberReceiptsRoutes(app, { ...context, db, store, findVisibleTopic });
  // A law's result weighs who took part (issue #34 item 3) through the delegation feature's graph.
  electionsRoutes(
    app,
    { ...context, toTopicView, weightReaching: (group, voterIds) => weightReaching(readModels, group, voterIds) },
    travel?.candidatesAsOf,
    travel?.topicLogAsOf,
  );
  delegationRoutes(app, context);
  searchRoutes(app, context);
  notificationsRoutes(app, context);
  invitationsRoutes(app, { ...context, db, publicBaseUrl });
  paymentRoutes(app, readModels, auth, paymentProviders);
  if (live) await registerLive(instance, { db, readModels, watcher, auth, publicBaseUrl, now: context.now }, live);
};
