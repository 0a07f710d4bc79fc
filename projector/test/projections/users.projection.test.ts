import { userStream } from '@civitas/events';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { usersProjection } from '../../src/identity/users.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import {
  newId,
  paymentCreated,
  roleGranted,
  roleRevoked,
  subscriptionActivated,
  subscriptionCancelled,
  subscriptionExpired,
  subscriptionRenewed,
  subscriptionRequestFailed,
  subscriptionRequested,
  userRegistered,
} from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const T4 = '2026-03-04T10:00:00.000Z';
const T5 = '2026-03-05T10:00:00.000Z';
const START = '2026-03-02T10:00:00.000Z';
const END = '2026-04-02T10:00:00.000Z';
const RENEWED_END = '2026-05-02T10:00:00.000Z';

const PROFILE = [
  'id',
  'email',
  'first_name',
  'last_name',
  'profile_image_url',
  'about_me',
  'city',
  'website_url',
  'twitter_url',
  'linkedin_url',
  'github_url',
  'is_subscribed',
  'subscription_plan',
  'subscription_status',
  'subscription_start_date',
  'subscription_end_date',
  'is_banned',
  'ban_reason',
  'banned_at',
  'roles',
  'created_at',
  'updated_at',
];
const SUBSCRIPTION = ['is_subscribed', 'subscription_status', 'subscription_plan', 'subscription_start_date', 'subscription_end_date', 'updated_at'];

describe('users projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(usersProjection);
  });
  afterAll(async () => spec.close());

  it('projects a v1 registration, written in clear, with every default', async () => {
    const userId = newId();
    await spec
      .given([
        at(T1, { ...userRegistered(userId, { email: 'ada@example.org', profileImageUrl: 'https://example.org/ada.png' }), metadata: { schemaVersion: 1 } }),
      ])
      .then(
        expectRows('users', { columns: PROFILE }).toEqual([
          {
            id: userId,
            email: 'ada@example.org',
            first_name: 'Ada',
            last_name: 'Lovelace',
            profile_image_url: 'https://example.org/ada.png',
            about_me: null,
            city: null,
            website_url: null,
            twitter_url: null,
            linkedin_url: null,
            github_url: null,
            is_subscribed: false,
            subscription_plan: null,
            subscription_status: null,
            subscription_start_date: null,
            subscription_end_date: null,
            is_banned: false,
            ban_reason: null,
            banned_at: null,
            roles: [],
            created_at: T1,
            updated_at: T1,
          },
        ]),
      );
  });

  it('reveals the sealed e-mail and names of a v2 registration with the member\u2019s key', async () => {
    const userId = newId();
    const [email, firstName, lastName] = await spec.vault.sealAll(userId, ['grace@example.org', 'Grace', 'Hopper']);
    await spec
      .given([at(T1, userRegistered(userId, { email, firstName, lastName }))])
      .then(
        expectRows('users', { columns: ['id', 'email', 'first_name', 'last_name'] }).toEqual([
          { id: userId, email: 'grace@example.org', first_name: 'Grace', last_name: 'Hopper' },
        ]),
      );
  });

  it('keeps an erased member\u2019s row with no address and no names', async () => {
    const userId = newId();
    const [email, firstName, lastName] = await spec.vault.sealAll(userId, ['erased@example.org', 'Erin', null]);
    await spec.vault.erase(userId);
    await spec
      .given([at(T1, userRegistered(userId, { email, firstName, lastName }))])
      .then(
        expectRows('users', { columns: ['id', 'email', 'first_name', 'last_name'] }).toEqual([{ id: userId, email: null, first_name: null, last_name: null }]),
      );
  });

  it('never rewrites an account when its registration comes again', async () => {
    const userId = newId();
    await spec
      .given([at(T1, userRegistered(userId, { email: 'first@example.org' }))])
      .when([at(T2, userRegistered(userId, { email: 'second@example.org' }))])
      .then(expectRows('users', { columns: ['email', 'created_at', 'updated_at'] }).toEqual([{ email: 'first@example.org', created_at: T1, updated_at: T1 }]));
  });

  it('keeps roles as a sorted set: granting twice adds once, revoking removes', async () => {
    const userId = newId();
    const given = spec.given([
      at(T1, userRegistered(userId)),
      at(T2, roleGranted(userId, 'auditor')),
      at(T2, roleGranted(userId, 'admin')),
      at(T3, roleGranted(userId, 'admin')),
    ]);
    await given.then(expectRows('users', { columns: ['roles', 'updated_at'] }).toEqual([{ roles: ['admin', 'auditor'], updated_at: T3 }]));
    await given
      .when([at(T4, roleRevoked(userId, 'admin'))])
      .then(expectRows('users', { columns: ['roles', 'updated_at'] }).toEqual([{ roles: ['auditor'], updated_at: T4 }]));
  });

  it('follows a subscription from pending through active and cancelled to expired', async () => {
    const userId = newId();
    const paymentId = newId();
    const registered = spec.given([
      at(T1, userRegistered(userId)),
      at(T1, paymentCreated(paymentId, userId)),
      at(T1, subscriptionRequested(userId, paymentId)),
    ]);
    await registered.then(
      expectRows('users', { columns: SUBSCRIPTION }).toEqual([
        {
          is_subscribed: false,
          subscription_status: 'pending',
          subscription_plan: null,
          subscription_start_date: null,
          subscription_end_date: null,
          updated_at: T1,
        },
      ]),
    );
    const active = registered.when([at(T2, subscriptionActivated(userId, paymentId, START, END))]);
    await active.then(
      expectRows('users', { columns: SUBSCRIPTION }).toEqual([
        {
          is_subscribed: true,
          subscription_status: 'active',
          subscription_plan: 'civic_participation_monthly',
          subscription_start_date: START,
          subscription_end_date: END,
          updated_at: T2,
        },
      ]),
    );
    const cancelled = active.when([at(T3, subscriptionCancelled(userId, T3, END))]);
    // Access lasts to the end of the period.
    await cancelled.then(
      expectRows('users', { columns: SUBSCRIPTION }).toEqual([
        {
          is_subscribed: true,
          subscription_status: 'cancelled',
          subscription_plan: 'civic_participation_monthly',
          subscription_start_date: START,
          subscription_end_date: END,
          updated_at: T3,
        },
      ]),
    );
    await cancelled.when([at(T4, subscriptionExpired(userId, END))]).then(
      expectRows('users', { columns: SUBSCRIPTION }).toEqual([
        {
          is_subscribed: false,
          subscription_status: 'expired',
          subscription_plan: 'civic_participation_monthly',
          subscription_start_date: START,
          subscription_end_date: END,
          updated_at: T4,
        },
      ]),
    );
  });

  it('keeps showing access while a new payment is pending, and extends it on renewal', async () => {
    const userId = newId();
    const first = newId();
    const second = newId();
    const cancelled = spec.given([
      at(T1, userRegistered(userId)),
      at(T1, subscriptionRequested(userId, first)),
      at(T2, subscriptionActivated(userId, first, START, END)),
      at(T3, subscriptionCancelled(userId, T3, END)),
    ]);
    await cancelled
      .when([at(T4, subscriptionRequested(userId, second))])
      .then(expectRows('users', { columns: ['is_subscribed', 'subscription_status'] }).toEqual([{ is_subscribed: true, subscription_status: 'cancelled' }]));
    await cancelled
      .when([at(T4, subscriptionRequested(userId, second)), at(T5, subscriptionRenewed(userId, second, RENEWED_END, 'civic_participation_yearly'))])
      .then(
        expectRows('users', { columns: SUBSCRIPTION }).toEqual([
          {
            is_subscribed: true,
            subscription_status: 'active',
            subscription_plan: 'civic_participation_yearly',
            subscription_start_date: START,
            subscription_end_date: RENEWED_END,
            updated_at: T5,
          },
        ]),
      );
  });

  it('returns a failed first request to no subscription, and a failed later one to expired', async () => {
    const newcomer = newId();
    const lapsed = newId();
    const payment = newId();
    await spec
      .given([at(T1, userRegistered(newcomer)), at(T2, subscriptionRequested(newcomer, payment)), at(T3, subscriptionRequestFailed(newcomer, payment))])
      .then(
        expectRows('users', { columns: ['is_subscribed', 'subscription_status', 'updated_at'] }).toEqual([
          { is_subscribed: false, subscription_status: null, updated_at: T3 },
        ]),
      );
    await spec
      .given([
        at(T1, userRegistered(lapsed)),
        at(T1, subscriptionRequested(lapsed, payment)),
        at(T1, subscriptionActivated(lapsed, payment, START, END)),
        at(T2, subscriptionExpired(lapsed, END)),
        at(T3, subscriptionRequested(lapsed, newId())),
        at(T4, subscriptionRequestFailed(lapsed, payment)),
      ])
      .then(
        expectRows('users', { columns: ['is_subscribed', 'subscription_status', 'subscription_end_date'] }).toEqual([
          { is_subscribed: false, subscription_status: 'expired', subscription_end_date: END },
        ]),
      );
  });

  it('leaves an active subscription alone when a request fails', async () => {
    const userId = newId();
    const payment = newId();
    await spec
      .given([
        at(T1, userRegistered(userId)),
        at(T1, subscriptionActivated(userId, payment, START, END)),
        at(T2, subscriptionRequested(userId, newId())),
        at(T3, subscriptionRequestFailed(userId, payment)),
      ])
      .then(
        expectRows('users', { columns: ['is_subscribed', 'subscription_status', 'updated_at'] }).toEqual([
          { is_subscribed: true, subscription_status: 'active', updated_at: T3 },
        ]),
      );
  });

  it('only touches updated_at on a password change or a linked provider identity', async () => {
    const userId = newId();
    await spec
      .given([at(T1, userRegistered(userId, { email: 'same@example.org' }))])
      .when([
        at(T2, { type: 'UserPasswordChanged', streamId: `user-${userId}`, data: { userId, passwordHash: '$argon2id$new', reason: 'change' } }),
        at(T3, {
          type: 'ExternalIdentityLinked',
          streamId: `user-${userId}`,
          data: { userId, externalIdentity: { issuer: 'https://accounts.google.com', subject: 'keyed-hash' } },
        }),
      ])
      .then(
        expectRows('users', { columns: ['email', 'first_name', 'roles', 'created_at', 'updated_at'] }).toEqual([
          { email: 'same@example.org', first_name: 'Ada', roles: [], created_at: T1, updated_at: T3 },
        ]),
      );
  });

  it('lets an account that forfeits its unproven address give it up, so the prover\u2019s new account takes it; the old row keeps its names', async () => {
    const squatter = newId();
    const owner = newId();
    const forfeited = [
      at(T2, { type: 'UserPasswordRemoved', streamId: userStream(squatter), data: { userId: squatter, reason: 'unverified_address_claimed' } }),
      at(T2, { type: 'EmailAddressForfeited', streamId: userStream(squatter), data: { userId: squatter, via: 'provider' } }),
    ];
    await spec
      .given([at(T1, userRegistered(squatter, { email: 'owner@example.org', firstName: 'Mallory' }))])
      .when([
        ...forfeited,
        at(T3, userRegistered(owner, { email: 'owner@example.org', firstName: 'Olive', passwordHash: null })),
        at(T3, { type: 'EmailVerified', streamId: userStream(owner), data: { userId: owner, via: 'provider' } }),
      ])
      .then(
        expectRows('users', { columns: ['id', 'email', 'email_verified', 'first_name', 'has_password', 'updated_at'], orderBy: ['updated_at'] }).toEqual([
          { id: squatter, email: null, email_verified: false, first_name: 'Mallory', has_password: false, updated_at: T2 },
          { id: owner, email: 'owner@example.org', email_verified: true, first_name: 'Olive', has_password: false, updated_at: T3 },
        ]),
      );
  });

  it('does not fail on events of an account it has never seen', async () => {
    const userId = newId();
    await spec.given([at(T1, roleGranted(userId, 'admin')), at(T1, subscriptionActivated(userId, newId(), START, END))]).then(expectRows('users').toEqual([]));
  });
});
