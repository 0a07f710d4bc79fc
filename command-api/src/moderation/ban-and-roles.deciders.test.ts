import { ConflictError, ForbiddenError, NotFoundError, type UserRegistered } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { banDecider } from './ban.decider';
import type { StandingEvent } from './member-standing.view';
import { rolesDecider } from './roles.decider';

const MEMBER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ADMIN = '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f';

const registered: StandingEvent = {
  type: 'UserRegistered',
  data: {
    userId: MEMBER,
    email: 'sealed',
    firstName: 'sealed',
    lastName: 'sealed',
    profileImageUrl: null,
    passwordHash: null,
    externalIdentity: null,
  } satisfies UserRegistered['data'],
};
const granted = (role: 'admin' | 'auditor'): StandingEvent => ({ type: 'UserRoleGranted', data: { userId: MEMBER, role } });
const banned = (reason: string): StandingEvent => ({ type: 'UserBanned', data: { userId: MEMBER, reason, bannedBy: ADMIN } });
const erased: StandingEvent = { type: 'AccountErased', data: { userId: MEMBER, erasedBy: MEMBER, via: 'password' } };

describe('roles decider (issue #13: admins grant and revoke admin and auditor, with who and why)', () => {
  const spec = deciderSpec(rolesDecider);
  it('grants a role with the admin who decided and the reason', () => {
    spec
      .given([registered])
      .when({ type: 'grantRole', role: 'auditor', grantedBy: ADMIN, reason: 'Quarterly audit' })
      .then([{ type: 'UserRoleGranted', data: { userId: MEMBER, role: 'auditor', grantedBy: ADMIN, reason: 'Quarterly audit' } }]);
  });
  it('refuses a role already held and a role not held: nothing decided, nothing recorded', () => {
    spec
      .given([registered, granted('auditor')])
      .when({ type: 'grantRole', role: 'auditor', grantedBy: ADMIN, reason: null })
      .thenThrows(ConflictError, 'This member already has the auditor role.');
    spec
      .given([registered])
      .when({ type: 'revokeRole', role: 'admin', revokedBy: ADMIN, reason: null })
      .thenThrows(ConflictError, 'This member does not have the admin role.');
  });
  // The last admin is kept by the roster (admin-roster.decider.test.ts), which every revocation of an active admin goes through.
  it('revokes a role', () => {
    spec
      .given([registered, granted('admin')])
      .when({ type: 'revokeRole', role: 'admin', revokedBy: ADMIN, reason: 'Left the team' })
      .then([{ type: 'UserRoleRevoked', data: { userId: MEMBER, role: 'admin', revokedBy: ADMIN, reason: 'Left the team' } }]);
    spec
      .given([registered, granted('auditor')])
      .when({ type: 'revokeRole', role: 'auditor', revokedBy: ADMIN, reason: null })
      .then([{ type: 'UserRoleRevoked', data: { userId: MEMBER, role: 'auditor', revokedBy: ADMIN, reason: null } }]);
  });
  it('knows no member before registration or after erasure', () => {
    spec.given([]).when({ type: 'grantRole', role: 'admin', grantedBy: ADMIN, reason: null }).thenThrows(NotFoundError, 'Member not found');
    spec.given([registered, erased]).when({ type: 'grantRole', role: 'admin', grantedBy: ADMIN, reason: null }).thenThrows(NotFoundError, 'Member not found');
  });
});

describe('ban decider (docs/product.md, Roles: admins ban and unban with a reason)', () => {
  const spec = deciderSpec(banDecider);
  it('bans with the reason and the admin, and lifts the ban', () => {
    spec
      .given([registered])
      .when({ type: 'banMember', bannedBy: ADMIN, reason: 'Spam' })
      .then([{ type: 'UserBanned', data: { userId: MEMBER, reason: 'Spam', bannedBy: ADMIN } }]);
    spec
      .given([registered, banned('Spam')])
      .when({ type: 'unbanMember', unbannedBy: ADMIN, reason: 'Appeal accepted' })
      .then([{ type: 'UserUnbanned', data: { userId: MEMBER, reason: 'Appeal accepted', unbannedBy: ADMIN } }]);
  });
  it('refuses a self-ban, a second ban, and lifting a ban that is not there', () => {
    spec
      .given([registered, granted('admin')])
      .when({ type: 'banMember', bannedBy: MEMBER, reason: 'Testing' })
      .thenThrows(ForbiddenError, 'You cannot ban yourself.');
    spec
      .given([registered, banned('Spam')])
      .when({ type: 'banMember', bannedBy: ADMIN, reason: 'More spam' })
      .thenThrows(ConflictError, 'This member is already banned.');
    spec.given([registered]).when({ type: 'unbanMember', unbannedBy: ADMIN, reason: null }).thenThrows(ConflictError, 'This member is not banned.');
  });
  it('bans an admin (the roster, admin-roster.decider.test.ts, keeps the last one)', () => {
    spec
      .given([registered, granted('admin')])
      .when({ type: 'banMember', bannedBy: ADMIN, reason: 'Rogue' })
      .then([{ type: 'UserBanned', data: { userId: MEMBER, reason: 'Rogue', bannedBy: ADMIN } }]);
  });
  it('bans no one who does not exist', () => {
    spec.given([]).when({ type: 'banMember', bannedBy: ADMIN, reason: 'Spam' }).thenThrows(NotFoundError, 'Member not found');
  });
});
