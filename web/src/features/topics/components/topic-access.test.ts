import { describe, expect, it } from 'vitest';
import type { Department } from '@civitas/events/groups/group.events';
import { canCreateTopicIn, creatableTopicTypes, topicCreationBlock, typesAwaitingSubscription } from './topic-access';

const free = { isSubscribed: false, isBanned: false, banReason: null };
const subscriber = { isSubscribed: true, isBanned: false, banReason: null };
const suspended = { isSubscribed: true, isBanned: true, banReason: 'Spam' };
const participating = (department: Department) => ({ department, canParticipate: true });

describe('which topic types a member can create (the server rule of topics-service)', () => {
  it.each([
    ['religion', [], ['law_amendment', 'dispute_resolution']],
    ['national', [], ['law_amendment', 'dispute_resolution']],
    ['family', ['family_discussion'], ['law_amendment', 'dispute_resolution']],
    ['friends', ['friends_discussion'], ['law_amendment', 'dispute_resolution']],
    ['alliance', ['alliance_discussion'], ['law_amendment', 'dispute_resolution']],
  ] as const)('a free participant in %s: %j, the law types held back', (department, creatable, heldBack) => {
    expect(creatableTopicTypes(participating(department), free)).toEqual(creatable);
    expect(typesAwaitingSubscription(participating(department), free)).toEqual(heldBack);
  });

  it('a subscriber creates every type of the department, nothing held back', () => {
    expect(creatableTopicTypes(participating('business'), subscriber)).toEqual(['business_discussion', 'election', 'law_amendment', 'dispute_resolution']);
    expect(creatableTopicTypes(participating('religion'), subscriber)).toEqual(['law_amendment', 'dispute_resolution']);
    expect(typesAwaitingSubscription(participating('religion'), subscriber)).toEqual([]);
  });

  it('nothing where the member does not take part, subscribed or not, and nothing held back there', () => {
    const observer = { department: 'national' as const, canParticipate: false };
    expect(creatableTopicTypes(observer, subscriber)).toEqual([]);
    expect(typesAwaitingSubscription(observer, free)).toEqual([]);
  });

  it('nothing for a suspended account', () => {
    expect(creatableTopicTypes(participating('family'), suspended)).toEqual([]);
  });
});

describe('why a participant cannot create a topic', () => {
  it('needs a subscription in a religion group or their own country when free', () => {
    expect(topicCreationBlock(participating('religion'), free)).toBe('needs_subscription');
    expect(topicCreationBlock(participating('national'), free)).toBe('needs_subscription');
  });

  it('is suspended when the account is', () => {
    expect(topicCreationBlock(participating('religion'), suspended)).toBe('suspended');
  });

  it('has no reason where the member can create, or does not take part (the access banner says that)', () => {
    expect(topicCreationBlock(participating('family'), free)).toBeNull();
    expect(canCreateTopicIn(participating('family'), free)).toBe(true);
    expect(topicCreationBlock({ department: 'international', canParticipate: false }, free)).toBeNull();
  });
});
