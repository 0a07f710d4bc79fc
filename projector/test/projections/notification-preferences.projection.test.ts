import { DEFAULT_NOTIFICATION_PREFERENCES, invitationIdFor } from '@civitas/events';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferencesProjection } from '../../src/account/notification-preferences.projection';
import { usersProjection } from '../../src/identity/users.projection';
import { invitationsProjection } from '../../src/invitations/invitations.projection';
import { userVerificationsProjection } from '../../src/verification/user-verifications.projection';
import { accountErased, notificationPreferencesChanged, shredsKeysAtErasure } from '../account-events';
import { profileImageChanged, profileUpdated } from '../profile-events';
import { ProjectionSpec, at, expectRows, type ProjectionOutcome } from '../projection-spec';
import { invitationAccepted, invitationCreated, newId, roleGranted, userRegistered, verificationApproved, verificationSubmitted } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const T4 = '2026-03-04T10:00:00.000Z';
const quiet = { ...DEFAULT_NOTIFICATION_PREFERENCES, invitations: false, elections: false };
const PREFERENCES = ['user_id', 'invitations', 'elections', 'topic_activity', 'account_security', 'updated_at'];
const ACCOUNT = [
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
  'has_password',
  'roles',
  'erased_at',
  'created_at',
  'updated_at',
];
const FRIENDS = 10001;

describe('account projections: notification preferences and erasure', () => {
  /** Keys the command side shreds with the erasure in these specs: the member's and their invitations'. */
  const shredded: string[] = [];
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for([
      shredsKeysAtErasure(shredded),
      usersProjection,
      invitationsProjection,
      userVerificationsProjection,
      notificationPreferencesProjection,
    ]);
  });
  afterAll(async () => spec.close());

  it('keeps a member\u2019s e-mail choices, the last one winning, and forgets them with the account', async () => {
    const userId = newId();
    const chosen = spec.given([at(T1, userRegistered(userId)), at(T2, notificationPreferencesChanged(userId, quiet))]);
    await chosen.then(
      expectRows('notification_preferences', { columns: PREFERENCES }).toEqual([
        {
          user_id: userId,
          invitations: false,
          elections: false,
          topic_activity: true,
          account_security: true,
          updated_at: T2,
        },
      ]),
    );
    const changedBack = chosen.when([at(T3, notificationPreferencesChanged(userId, DEFAULT_NOTIFICATION_PREFERENCES))]);
    await changedBack.then(
      expectRows('notification_preferences', { columns: ['invitations', 'elections', 'updated_at'] }).toEqual([
        { invitations: true, elections: true, updated_at: T3 },
      ]),
    );
    await changedBack
      .redelivered()
      .then(expectRows('notification_preferences', { columns: ['invitations', 'updated_at'] }).toEqual([{ invitations: true, updated_at: T3 }]));
    await changedBack.when([at(T4, accountErased(userId))]).then(expectRows('notification_preferences').toEqual([]));
  });

  it('tracks whether the account has a password', async () => {
    const [withPassword, providerOnly] = [newId(), newId()];
    await spec
      .given([at(T1, userRegistered(withPassword)), at(T1, userRegistered(providerOnly, { passwordHash: null }))])
      .then(
        expectRows('users', { columns: ['id', 'has_password'], where: { id: providerOnly } }).toEqual([{ id: providerOnly, has_password: false }]),
        expectRows('users', { columns: ['id', 'has_password'], where: { id: withPassword } }).toEqual([{ id: withPassword, has_password: true }]),
      );
  });

  /**
   * Ada registers, fills her profile, verifies her nationality and joins Bob's friends through an
   * invitation to her address; Bob also invited Carol. Then Ada erases her account.
   */
  async function adaErasesHerAccount() {
    const [ada, bob, verificationId] = [newId(), newId(), newId()];
    const invite = async (email: string) => {
      const token = randomBytes(32).toString('base64url');
      const invitationId = invitationIdFor(token);
      const [emailSealed, tokenSealed] = await spec.vault.sealAll(invitationId, [email, token]);
      return { invitationId, sealed: { emailSealed, tokenSealed } };
    };
    const [toAda, toCarol] = [await invite('ada@example.org'), await invite('carol@example.org')];
    const [email, firstName, lastName, aboutMe, city, websiteUrl, nationalIdSealed] = await spec.vault.sealAll(ada, [
      'ada@example.org',
      'Ada',
      'Lovelace',
      'Writes programs for engines',
      'London',
      'https://ada.example.org',
      '1234567890',
    ]);
    shredded.push(ada, toAda.invitationId);
    const events = [
      at(T1, userRegistered(ada, { email, firstName, lastName })),
      at(T1, userRegistered(bob, { email: 'bob@example.org', firstName: 'Bob', lastName: 'Builder' })),
      at(T1, roleGranted(ada, 'auditor')),
      at(T2, profileUpdated(ada, { firstName, lastName, aboutMe, city, websiteUrl })),
      at(T2, profileImageChanged(ada, 'f'.repeat(64))),
      at(T2, verificationSubmitted(verificationId, ada, nationalIdSealed)),
      at(T2, verificationApproved(verificationId, ada)),
      at(T2, invitationCreated(toAda.invitationId, FRIENDS, bob, toAda.sealed)),
      at(T2, invitationCreated(toCarol.invitationId, FRIENDS, bob, toCarol.sealed)),
      at(T3, invitationAccepted(toAda.invitationId, FRIENDS, ada)),
      at(T3, notificationPreferencesChanged(ada, quiet)),
    ];
    return { ada, bob, verificationId, toAda, toCarol, events };
  }

  const snapshot = async (outcome: ProjectionOutcome) =>
    Object.fromEntries(
      await Promise.all(
        ['users', 'invitations', 'user_verifications', 'notification_preferences'].map(async (table) => [table, await outcome.rows(table)] as const),
      ),
    );

  it('leaves an erased member only their id, and a rebuild (the keys gone from the start) gives the same rows', async () => {
    const { ada, bob, verificationId, toAda, toCarol, events } = await adaErasesHerAccount();
    // Live: everything opened while the key existed; the erasure's batch shreds it first.
    const live = await spec
      .given(events)
      .when([at(T4, accountErased(ada))])
      .run();
    expect(await live.rows('users', { columns: ACCOUNT, where: { id: ada } })).toEqual([
      {
        id: ada,
        email: null,
        first_name: null,
        last_name: null,
        profile_image_url: null,
        about_me: null,
        city: null,
        website_url: null,
        twitter_url: null,
        linkedin_url: null,
        github_url: null,
        has_password: false,
        roles: ['auditor'],
        erased_at: T4,
        created_at: T1,
        updated_at: T4,
      },
    ]);
    expect(await live.rows('users', { columns: ['email', 'first_name', 'erased_at'], where: { id: bob } })).toEqual([
      { email: 'bob@example.org', first_name: 'Bob', erased_at: null },
    ]);
    // Her address leaves the invitation she accepted; Carol's stays.
    expect(await live.rows('invitations', { columns: ['id', 'email', 'status'], orderBy: ['email'] })).toEqual([
      { id: toCarol.invitationId, email: 'carol@example.org', status: 'pending' },
      { id: toAda.invitationId, email: null, status: 'accepted' },
    ]);
    // The claim stays (it weighed in tallies), its national id does not.
    expect(await live.rows('user_verifications', { columns: ['id', 'national_id', 'status', 'is_verified'] })).toEqual([
      { id: verificationId, national_id: null, status: 'approved', is_verified: true },
    ]);
    expect(await live.rows('notification_preferences')).toEqual([]);
    expect(JSON.stringify(await snapshot(live))).not.toMatch(/Ada|Lovelace|ada@example\.org|1234567890|London|engines/);

    // Rebuild: the same events projected again, now that the keys are gone.
    const rebuilt = await spec
      .given(events)
      .when([at(T4, accountErased(ada))])
      .run();
    expect(await snapshot(rebuilt)).toEqual(await snapshot(live));
    // The same rebuilt in one batch, and one by one.
    expect(await snapshot(await spec.given([...events, at(T4, accountErased(ada))]).run())).toEqual(await snapshot(live));
    expect(
      await snapshot(
        await spec
          .given([])
          .whenEach([...events, at(T4, accountErased(ada))])
          .run(),
      ),
    ).toEqual(await snapshot(live));
  });
});
