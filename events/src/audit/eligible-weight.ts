import type { EligibilityEventType, EventStore } from '../event-store';
import { participationRefusal, type EligibilityGroup } from '../groups/eligibility';
import type { Department } from '../groups/group.events';
import type { EventRegistry } from '../registry';
import { hasAccessAt, subscriptionView } from '../subscriptions/subscription.view';
import type { SubscriptionEvent } from '../subscriptions/subscription.events';
import { verificationView, verifiedCountryKeys } from '../verification/verification.view';
import type { VerificationEvent } from '../verification/verification.events';
import { eventTime } from './topic-records';
import type { Standing } from './topic-tally-types';

type OpenDepartment = Extract<Department, 'religion' | 'national' | 'international'>;

const SUBSCRIPTION_TYPES = [
  'SubscriptionRequested',
  'SubscriptionRequestFailed',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionCancelled',
  'SubscriptionExpired',
] as const satisfies readonly EligibilityEventType[];
const VERIFICATION_TYPES = [
  'VerificationSubmitted',
  'VerificationApproved',
  'VerificationRejected',
  'VerificationConfirmedByLeader',
  'VerificationRemoved',
] as const satisfies readonly EligibilityEventType[];

/** What says who may take part in each open group: an account (religion), a citizenship (national), a subscription (international). */
const DECIDING_TYPES: Record<OpenDepartment, readonly EligibilityEventType[]> = {
  religion: ['UserRegistered'],
  national: VERIFICATION_TYPES,
  international: SUBSCRIPTION_TYPES,
};

/**
 * An open group's eligible weight at `at` (issue #34 item 3): every member the participation rule
 * lets take part, judged on the same folds as the tally module's count (participationRefusal over
 * subscriptionView and verificationView), from the events up to `at`. The closing records it in
 * TopicClosed; no export can hold every citizen, so a recount takes it as the platform's figure and
 * checks only that it covers every eligible member the export names (docs/audit-format.md, section 8).
 */
export async function countOpenGroupEligible(store: EventStore, registry: EventRegistry, group: EligibilityGroup, at: string): Promise<number> {
  const types = DECIDING_TYPES[group.department as OpenDepartment];
  if (!types) throw new Error(`A ${group.department} group counts its members from its own stream`);
  // Religion: every account; the store counts them (a platform's every registration is no list to read).
  if (group.department === 'religion') return store.countAccountsRegisteredBy(at);
  const events = await store.readEligibilityEvents(types);
  const standings = new Map<string, Standing>();
  for (const recorded of events) {
    if (eventTime(recorded) > at) continue;
    const event = registry.decode(recorded);
    const userId = (event.data as { userId?: unknown }).userId;
    if (typeof userId !== 'string') continue;
    let standing = standings.get(userId);
    if (!standing) standings.set(userId, (standing = { subscription: subscriptionView.initialState(), verification: verificationView.initialState() }));
    standing.subscription = subscriptionView.evolve(standing.subscription, event as SubscriptionEvent);
    standing.verification = verificationView.evolve(standing.verification, event as VerificationEvent);
  }
  let eligible = 0;
  for (const standing of standings.values()) {
    const refusal = participationRefusal(group, {
      isSubscribed: hasAccessAt(standing.subscription, at),
      verifiedCountryKeys: verifiedCountryKeys(standing.verification),
      membership: null,
    });
    if (refusal === null) eligible += 1;
  }
  return eligible;
}
