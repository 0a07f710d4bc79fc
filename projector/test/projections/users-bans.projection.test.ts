import { userStream } from '@civitas/events';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { usersProjection } from '../../src/identity/users.projection';
import { ProjectionSpec, at, expectRows, type SpecEvent } from '../projection-spec';
import { newId, userRegistered } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const T4 = '2026-03-04T10:00:00.000Z';
const BAN = ['is_banned', 'ban_reason', 'banned_at', 'updated_at'];

const banned = (userId: string, bannedBy: string, reason: string): SpecEvent => ({
  type: 'UserBanned',
  streamId: userStream(userId),
  data: { userId, reason, bannedBy },
});
const unbanned = (userId: string, unbannedBy: string, reason: string | null): SpecEvent => ({
  type: 'UserUnbanned',
  streamId: userStream(userId),
  data: { userId, reason, unbannedBy },
});

describe('users projection: bans', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(usersProjection);
  });
  afterAll(async () => spec.close());

  it('shows a ban with its reason and time, and clears all three when lifted; a later ban shows its own', async () => {
    const member = newId();
    const admin = newId();
    const bannedOnce = spec.given([at(T1, userRegistered(member)), at(T2, banned(member, admin, 'Spam in every topic'))]);
    await bannedOnce.then(
      expectRows('users', { columns: BAN }).toEqual([{ is_banned: true, ban_reason: 'Spam in every topic', banned_at: T2, updated_at: T2 }]),
    );
    const lifted = bannedOnce.when([at(T3, unbanned(member, admin, 'Appeal accepted'))]);
    await lifted.then(expectRows('users', { columns: BAN }).toEqual([{ is_banned: false, ban_reason: null, banned_at: null, updated_at: T3 }]));
    await lifted
      .when([at(T4, banned(member, admin, 'Harassment'))])
      .then(expectRows('users', { columns: BAN }).toEqual([{ is_banned: true, ban_reason: 'Harassment', banned_at: T4, updated_at: T4 }]));
  });

  it('gives the same row one event at a time as in one batch', async () => {
    const member = newId();
    const admin = newId();
    const events = [
      at(T1, userRegistered(member)),
      at(T2, banned(member, admin, 'Spam')),
      at(T3, unbanned(member, admin, null)),
      at(T4, banned(member, admin, 'Again')),
    ];
    const expected = [{ is_banned: true, ban_reason: 'Again', banned_at: T4, updated_at: T4 }];
    await spec.given(events).then(expectRows('users', { columns: BAN }).toEqual(expected));
    await spec
      .given()
      .whenEach(events)
      .then(expectRows('users', { columns: BAN }).toEqual(expected));
  });
});
