import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOpenGroupEligible } from '../src/audit/eligible-weight';
import { createEventRegistry } from '../src/index';
import type { DomainEvent } from '../src/registry';
import type { PostgresEventStore } from '../src/postgres/postgres-event-store';
import { userStream } from '../src/streams';
import { createPostgresStore, type StoreFixture } from '../../test-support/test-event-store';

const registry = createEventRegistry();
const AT = '2026-12-01T00:00:00.000Z';
const BEFORE = '2026-11-30T00:00:00.000Z';
const AFTER = '2026-12-01T00:00:01.000Z';

/**
 * An open group's eligible weight counted from the store's eligibility events (issue #34 item 3):
 * everyone the group's participation rule lets in as the events stood at `at`, on real PostgreSQL.
 * Each case reads the whole store, so each counts a group nobody else in this file is eligible for.
 */
describe('counting an open group\u2019s eligible weight from the events', () => {
  let fixture: StoreFixture;
  let store: PostgresEventStore;
  const append = async (userId: string, event: DomainEvent, time = BEFORE) => {
    const { data, schemaVersion } = registry.prepare(event);
    await store.append(userStream(userId), [{ id: randomUUID(), type: event.type, data, metadata: { time, schemaVersion } }], 'any');
  };
  const eligible = (department: 'religion' | 'national' | 'international', subcategory: string | null = null) =>
    countOpenGroupEligible(store, registry, { department, subcategory }, AT);

  beforeAll(async () => {
    fixture = await createPostgresStore({ poolSize: 3 });
    store = fixture.store;
  });
  afterAll(async () => fixture?.close());

  it('counts every account registered by then in a religion group, not one registered after', async () => {
    const register = (time: string) =>
      append(
        randomUUID(),
        {
          type: 'UserRegistered',
          data: {
            userId: randomUUID(),
            email: `${randomUUID()}@example.test`,
            firstName: 'Ada',
            lastName: null,
            profileImageUrl: null,
            passwordHash: null,
            externalIdentity: null,
          },
        },
        time,
      );
    const before = await eligible('religion');
    await register(BEFORE);
    await register(AT);
    await register(AFTER);
    expect((await eligible('religion')) - before).toBe(2);
  });

  it('counts the approved citizens of the country in a national group: not pending, removed, later or another country\u2019s', async () => {
    const claim = async (countryKey: string, { approvedAt = BEFORE as string | null, removed = false } = {}) => {
      const [userId, verificationId] = [randomUUID(), randomUUID()];
      await append(userId, {
        type: 'VerificationSubmitted',
        data: { verificationId, userId, country: countryKey, countryKey, nationalIdSealed: 'sealed', verificationType: 'id_number', documentImageUrl: null },
      });
      if (approvedAt) await append(userId, { type: 'VerificationApproved', data: { verificationId, userId, countryKey, reviewedBy: null } }, approvedAt);
      if (removed) await append(userId, { type: 'VerificationRemoved', data: { verificationId, userId, countryKey } });
    };
    await claim('oman');
    await claim('oman', { approvedAt: AT });
    await claim('oman', { approvedAt: null });
    await claim('oman', { removed: true });
    await claim('oman', { approvedAt: AFTER });
    await claim('qatar');
    expect(await eligible('national', 'oman')).toBe(2);
    expect(await eligible('national', 'qatar')).toBe(1);
    expect(await eligible('national', 'bahrain')).toBe(0);
  });

  it('counts the members whose subscription gives access at that moment in an international group', async () => {
    const subscribed = async (endDate: string, { cancelled = false } = {}) => {
      const [userId, paymentId] = [randomUUID(), randomUUID()];
      await append(userId, { type: 'SubscriptionRequested', data: { userId, paymentId, planId: 'civic_participation_monthly' } });
      await append(userId, {
        type: 'SubscriptionActivated',
        data: { userId, paymentId, planId: 'civic_participation_monthly', startDate: '2026-11-01T00:00:00.000Z', endDate },
      });
      if (cancelled) await append(userId, { type: 'SubscriptionCancelled', data: { userId, cancelledAt: BEFORE, accessUntil: endDate } });
      return userId;
    };
    await subscribed('2026-12-31T00:00:00.000Z');
    // Cancelled, but paid until after `at`: still has access then.
    await subscribed('2026-12-31T00:00:00.000Z', { cancelled: true });
    // Ran out before `at`, or exactly at it.
    await subscribed('2026-11-30T12:00:00.000Z');
    await subscribed(AT);
    // Expired by the scheduler before `at`.
    const expired = await subscribed('2026-12-31T00:00:00.000Z');
    await append(expired, { type: 'SubscriptionExpired', data: { userId: expired, endDate: BEFORE } });
    // Only requested (a payment that never went through).
    const requester = randomUUID();
    await append(requester, { type: 'SubscriptionRequested', data: { userId: requester, paymentId: randomUUID(), planId: 'civic_participation_monthly' } });
    // Activated only after `at`.
    const [late, latePayment] = [randomUUID(), randomUUID()];
    await append(
      late,
      {
        type: 'SubscriptionActivated',
        data: { userId: late, paymentId: latePayment, planId: 'civic_participation_monthly', startDate: AFTER, endDate: '2027-01-01T00:00:00.000Z' },
      },
      AFTER,
    );
    expect(await eligible('international')).toBe(2);
  });

  it('refuses a group that keeps its members in its own stream', async () => {
    await expect(countOpenGroupEligible(store, registry, { department: 'family', subcategory: null }, AT)).rejects.toThrow(/own stream/);
  });
});
