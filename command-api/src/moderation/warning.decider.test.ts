import {
  ALREADY_WARNED,
  ConflictError,
  ForbiddenError,
  MEMBER_NOT_FOUND,
  MODERATION_REASON_REQUIRED,
  NO_SELF_WARNING,
  NotFoundError,
  ValidationError,
  type MemberWarned,
  type UserRegistered,
} from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import type { StandingEvent } from './member-standing.view';
import { warningDecider } from './warning.decider';

const MEMBER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ADMIN = '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f';
const REPORT = '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11';
const OTHER_REPORT = 'a1b2c3d4-0b8a-4c55-9a1e-3f0c2a9d8e11';

const registered = (userId = MEMBER): StandingEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    email: 'sealed',
    firstName: 'sealed',
    lastName: 'sealed',
    profileImageUrl: null,
    passwordHash: null,
    externalIdentity: null,
  } satisfies UserRegistered['data'],
});
const warning = (overrides: Partial<MemberWarned['data']> = {}): MemberWarned['data'] => ({
  userId: MEMBER,
  reportId: REPORT,
  reason: 'Please keep to the topic and do not insult other members.',
  warnedBy: ADMIN,
  ...overrides,
});
const warned = (data = warning()): MemberWarned => ({ type: 'MemberWarned', data });

describe('warning decider (docs/decisions.md, Moderation actions: an admin warns the author of reported content)', () => {
  const spec = deciderSpec(warningDecider);

  it('warns a member with the admin who decided, the report and the reason', () => {
    spec.given([registered()]).when({ type: 'warnMember', warning: warning() }).then([warned()]);
    // Another report is another warning.
    spec
      .given([registered(), warned()])
      .when({ type: 'warnMember', warning: warning({ reportId: OTHER_REPORT }) })
      .then([warned(warning({ reportId: OTHER_REPORT }))]);
  });

  it('warns once per report: the second click decides nothing', () => {
    spec.given([registered(), warned()]).when({ type: 'warnMember', warning: warning() }).thenThrows(ConflictError, ALREADY_WARNED);
  });

  it('refuses an unknown or erased member, a warning of oneself, and a blank reason', () => {
    spec.given([]).when({ type: 'warnMember', warning: warning() }).thenThrows(NotFoundError, MEMBER_NOT_FOUND);
    spec
      .given([registered(), { type: 'AccountErased', data: { userId: MEMBER, erasedBy: MEMBER, via: 'password' } }])
      .when({ type: 'warnMember', warning: warning() })
      .thenThrows(NotFoundError, MEMBER_NOT_FOUND);
    spec
      .given([registered(ADMIN)])
      .when({ type: 'warnMember', warning: warning({ userId: ADMIN }) })
      .thenThrows(ForbiddenError, NO_SELF_WARNING);
    spec
      .given([registered()])
      .when({ type: 'warnMember', warning: warning({ reason: ' ' }) })
      .thenThrows(ValidationError, MODERATION_REASON_REQUIRED);
  });
});
