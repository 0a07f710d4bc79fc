import { describe, expect, it } from 'vitest';
import { memberAccess, showsTierBadge } from './member-access';

const free = { isSubscribed: false, isBanned: false, banReason: null };
const subscriber = { isSubscribed: true, isBanned: false, banReason: null };

describe("the member's access to a group", () => {
  it('is full where the member takes part and can create a topic', () => {
    expect(memberAccess({ department: 'family', canParticipate: true, isMember: true }, free)).toBe('full');
    expect(memberAccess({ department: 'national', canParticipate: true, isMember: false }, subscriber)).toBe('full');
  });

  it('needs a subscription where only a subscription is missing: to create topics, or to take part', () => {
    expect(memberAccess({ department: 'religion', canParticipate: true, isMember: false }, free)).toBe('needs_subscription');
    expect(memberAccess({ department: 'national', canParticipate: true, isMember: false }, free)).toBe('needs_subscription');
    expect(memberAccess({ department: 'international', canParticipate: false, isMember: false }, free)).toBe('needs_subscription');
    expect(memberAccess({ department: 'business', canParticipate: false, isMember: true }, free)).toBe('needs_subscription');
  });

  it('is view only where a subscription would not help, or the account is suspended', () => {
    expect(memberAccess({ department: 'national', canParticipate: false, isMember: false }, subscriber)).toBe('view_only');
    expect(memberAccess({ department: 'national', canParticipate: false, isMember: false }, free)).toBe('view_only');
    expect(memberAccess({ department: 'alliance', canParticipate: false, isMember: false }, subscriber)).toBe('view_only');
    expect(memberAccess({ department: 'religion', canParticipate: true, isMember: false }, { ...subscriber, isBanned: true })).toBe('view_only');
  });
});

describe('the price-tier badge beside it (docs/product.md, Screens: Group page)', () => {
  it("leaves out 'Premium Required' for a member with full access", () => {
    expect(showsTierBadge('premium', 'full')).toBe(false);
    expect(showsTierBadge('premium', 'needs_subscription')).toBe(true);
    expect(showsTierBadge('premium', 'view_only')).toBe(true);
  });

  it("leaves out 'Free Access' unless the member has full access", () => {
    expect(showsTierBadge('free', 'full')).toBe(true);
    expect(showsTierBadge('free', 'needs_subscription')).toBe(false);
    expect(showsTierBadge('free', 'view_only')).toBe(false);
  });

  it("always shows 'Exclusive Access', which describes the group", () => {
    expect(showsTierBadge('elite', 'full')).toBe(true);
    expect(showsTierBadge('elite', 'view_only')).toBe(true);
  });
});
