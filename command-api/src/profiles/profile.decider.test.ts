import { BADGE_ALREADY_HELD, BADGE_NOT_HELD, ConflictError, GoneError, NotFoundError, PROFILE_IMAGE_URL_NOT_OWN, ValidationError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { ACCOUNT_ERASED, profileDecider, type UpdateProfile } from './profile.decider';

const userId = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const adminId = '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f';
const HASH = 'a'.repeat(64);
const OTHER_HASH = 'b'.repeat(64);
const spec = deciderSpec(profileDecider);

const registered = (profileImageUrl: string | null = null) => ({
  type: 'UserRegistered' as const,
  data: {
    userId,
    email: 'v1.sealed-email',
    firstName: 'v1.sealed-first',
    lastName: 'v1.sealed-last',
    profileImageUrl,
    passwordHash: 'hash',
    externalIdentity: null,
  },
});
const saved = (overrides: Record<string, string | null> = {}) => ({
  type: 'ProfileUpdated' as const,
  data: {
    userId,
    firstName: 'F',
    lastName: 'L',
    aboutMe: null,
    city: null,
    websiteUrl: null,
    twitterUrl: null,
    linkedinUrl: null,
    githubUrl: null,
    ...overrides,
  },
});
const imageChanged = (hash: string | null) => ({
  type: 'ProfileImageChanged' as const,
  data: { userId, imageHash: hash, profileImageUrl: hash ? `/api/images/${hash}.jpg` : null },
});
const update = (overrides: Partial<UpdateProfile> = {}): UpdateProfile => ({
  type: 'updateProfile',
  firstName: 'F',
  lastName: 'L',
  fields: {},
  profileImageUrl: undefined,
  ...overrides,
});
const granted = { type: 'BadgeGranted' as const, data: { userId, badge: 'founder' as const, grantedBy: adminId, reason: 'Built the first version' } };
const erased = { type: 'AccountErased' as const, data: { userId, erasedBy: userId, via: 'password' as const } };

describe('profile decider: saving the profile (docs/product.md, Calls, PUT /api/user/profile)', () => {
  it('saves the sealed names and sent fields; fields never sent stay cleared', () => {
    spec
      .given([registered()])
      .when(update({ fields: { city: 'sealed-city', aboutMe: null } }))
      .then([saved({ city: 'sealed-city' })]);
  });

  it('keeps a field left out, clears a field sent as null, replaces a field sent again', () => {
    spec
      .given([registered(), saved({ city: 'old-city', aboutMe: 'old-about', githubUrl: 'old-github' })])
      .when(update({ fields: { aboutMe: null, githubUrl: 'new-github' } }))
      .then([saved({ city: 'old-city', aboutMe: null, githubUrl: 'new-github' })]);
  });

  it('accepts the current picture unchanged, whether uploaded or given by a provider at sign-up', () => {
    spec
      .given([registered(), imageChanged(HASH)])
      .when(update({ profileImageUrl: `/api/images/${HASH}.jpg` }))
      .then([saved()]);
    spec
      .given([registered('https://provider.example/me.png')])
      .when(update({ profileImageUrl: 'https://provider.example/me.png' }))
      .then([saved()]);
  });

  it('removes the picture when it is sent empty', () => {
    spec
      .given([registered(), imageChanged(HASH)])
      .when(update({ profileImageUrl: null }))
      .then([saved(), imageChanged(null)]);
    // Nothing to remove: only the profile is saved.
    spec
      .given([registered()])
      .when(update({ profileImageUrl: null }))
      .then([saved()]);
  });

  it('refuses any other picture address: pictures arrive only by upload', () => {
    for (const url of ['https://evil.example/tracker.png', `/api/images/${OTHER_HASH}.jpg`, 'javascript:alert(1)']) {
      spec
        .given([registered(), imageChanged(HASH)])
        .when(update({ profileImageUrl: url }))
        .thenThrows(ValidationError, PROFILE_IMAGE_URL_NOT_OWN);
    }
  });

  it('refuses an account that does not exist or was erased', () => {
    spec.given([]).when(update()).thenThrows(NotFoundError);
    spec.given([registered(), erased]).when(update()).thenThrows(GoneError, ACCOUNT_ERASED);
  });
});

describe('profile decider: the picture', () => {
  it('changes to an uploaded picture, and does nothing for the same picture again', () => {
    const change = { type: 'changeProfileImage' as const, imageHash: HASH, profileImageUrl: `/api/images/${HASH}.jpg` };
    spec
      .given([registered()])
      .when(change)
      .then([imageChanged(HASH)]);
    spec
      .given([registered(), imageChanged(HASH)])
      .when(change)
      .then([]);
    spec
      .given([registered(), imageChanged(HASH), imageChanged(null)])
      .when(change)
      .then([imageChanged(HASH)]);
  });
});

describe('profile decider: badges granted by admins', () => {
  const grant = { type: 'grantBadge' as const, badge: 'founder' as const, grantedBy: adminId, reason: 'Built the first version' };
  const revoke = { type: 'revokeBadge' as const, badge: 'founder' as const, revokedBy: adminId, reason: null };

  it('grants a badge once and refuses it again', () => {
    spec.given([registered()]).when(grant).then([granted]);
    spec.given([registered(), granted]).when(grant).thenThrows(ConflictError, BADGE_ALREADY_HELD);
  });

  it('revokes a held badge and refuses revoking one not held', () => {
    spec
      .given([registered(), granted])
      .when(revoke)
      .then([{ type: 'BadgeRevoked', data: { userId, badge: 'founder', revokedBy: adminId, reason: null } }]);
    spec.given([registered()]).when(revoke).thenThrows(ConflictError, BADGE_NOT_HELD);
    spec
      .given([registered(), granted, { type: 'BadgeRevoked', data: { userId, badge: 'founder', revokedBy: adminId, reason: null } }])
      .when(grant)
      .then([granted]);
  });

  it('refuses a badge for a member who does not exist', () => {
    spec.given([]).when(grant).thenThrows(NotFoundError, 'User not found');
  });
});
