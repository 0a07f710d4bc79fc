import { invitationIdFor } from '@civitas/events';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { invitationsProjection } from '../../src/invitations/invitations.projection';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { invitationAccepted, invitationCreated, memberJoined, memberLeft, newId } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const EXPIRES = '2026-03-08T10:00:00.000Z';

const STATE = ['status', 'accepted_by', 'accepted_at', 'updated_at'];

describe('invitations projection', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(invitationsProjection);
  });
  afterAll(async () => spec.close());

  const owner = newId();
  const friend = newId();
  const FRIENDS = 10001;

  /** An invitation as the command side makes it: the id from the token, address and token sealed with the invitation's own key. */
  const invitation = async (email = 'friend@example.org') => {
    const token = randomBytes(32).toString('base64url');
    const invitationId = invitationIdFor(token);
    const [emailSealed, tokenSealed] = await spec.vault.sealAll(invitationId, [email, token]);
    return { invitationId, sealed: { emailSealed, tokenSealed } };
  };

  it('projects a new invitation as pending, the address opened and the token kept sealed', async () => {
    const { invitationId, sealed } = await invitation();
    await spec.given([at(T1, invitationCreated(invitationId, FRIENDS, owner, sealed, { expiresAt: EXPIRES }))]).then(
      expectRows('invitations').toEqual([
        {
          id: invitationId,
          kind: 'friends',
          group_id: FRIENDS,
          invited_by: owner,
          email: 'friend@example.org',
          token_sealed: sealed.tokenSealed,
          status: 'pending',
          accepted_by: null,
          accepted_at: null,
          expires_at: EXPIRES,
          created_at: T1,
          updated_at: T1,
        },
      ]),
    );
  });

  it('projects no address once the invitation\u2019s key is erased', async () => {
    const { invitationId, sealed } = await invitation();
    await spec.vault.erase(invitationId);
    await spec
      .given([at(T1, invitationCreated(invitationId, FRIENDS, owner, sealed))])
      .then(
        expectRows('invitations', { columns: ['id', 'email', 'token_sealed'] }).toEqual([{ id: invitationId, email: null, token_sealed: sealed.tokenSealed }]),
      );
  });

  it('records who accepted and when', async () => {
    const { invitationId, sealed } = await invitation();
    await spec
      .given([at(T1, invitationCreated(invitationId, FRIENDS, owner, sealed))])
      .when([at(T2, invitationAccepted(invitationId, FRIENDS, friend)), at(T2, memberJoined(FRIENDS, friend))])
      .then(expectRows('invitations', { columns: STATE }).toEqual([{ status: 'accepted', accepted_by: friend, accepted_at: T2, updated_at: T2 }]));
  });

  it('marks the accepted invitation cut when the friend it made is cut from that group', async () => {
    const accepted = await invitation('cut@example.org');
    const pending = await invitation('pending@example.org');
    await spec
      .given([
        at(T1, invitationCreated(accepted.invitationId, FRIENDS, owner, accepted.sealed)),
        at(T1, invitationCreated(pending.invitationId, FRIENDS, owner, pending.sealed)),
        at(T2, invitationAccepted(accepted.invitationId, FRIENDS, friend)),
      ])
      .when([at(T3, memberLeft(FRIENDS, friend, 'cut', owner))])
      .then(
        expectRows('invitations', { columns: ['email', ...STATE] }).toEqual([
          { email: 'cut@example.org', status: 'cut', accepted_by: friend, accepted_at: T2, updated_at: T3 },
          { email: 'pending@example.org', status: 'pending', accepted_by: null, accepted_at: null, updated_at: T1 },
        ]),
      );
  });

  it('leaves invitations alone when someone else leaves, or the friend leaves another group', async () => {
    const { invitationId, sealed } = await invitation();
    await spec
      .given([at(T1, invitationCreated(invitationId, FRIENDS, owner, sealed)), at(T2, invitationAccepted(invitationId, FRIENDS, friend))])
      .when([at(T3, memberLeft(FRIENDS, newId(), 'cut', owner)), at(T3, memberLeft(10002, friend, 'fired', owner))])
      .then(expectRows('invitations', { columns: STATE }).toEqual([{ status: 'accepted', accepted_by: friend, accepted_at: T2, updated_at: T2 }]));
  });

  it('marks a business invitation cut when its colleague is fired', async () => {
    const { invitationId, sealed } = await invitation();
    await spec
      .given([
        at(T1, invitationCreated(invitationId, 10002, owner, sealed, { kind: 'business' })),
        at(T2, invitationAccepted(invitationId, 10002, friend, 'business')),
      ])
      .when([at(T3, memberLeft(10002, friend, 'fired', owner))])
      .then(expectRows('invitations', { columns: ['kind', 'status', 'updated_at'] }).toEqual([{ kind: 'business', status: 'cut', updated_at: T3 }]));
  });

  it('never rewrites an invitation created again', async () => {
    const { invitationId, sealed } = await invitation();
    const other = await invitation('other@example.org');
    await spec
      .given([at(T1, invitationCreated(invitationId, FRIENDS, owner, sealed))])
      .redelivered()
      .when([at(T2, invitationCreated(invitationId, 10000, friend, other.sealed, { kind: 'family' }))])
      .then(
        expectRows('invitations', { columns: ['id', 'kind', 'group_id', 'invited_by', 'created_at'] }).toEqual([
          { id: invitationId, kind: 'friends', group_id: FRIENDS, invited_by: owner, created_at: T1 },
        ]),
      );
  });
});
