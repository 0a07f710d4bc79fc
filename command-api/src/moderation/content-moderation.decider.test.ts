import { ALREADY_HIDDEN, ConflictError, MODERATION_REASON_REQUIRED, NOT_HIDDEN, ValidationError } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { contentModerationDecider } from './content-moderation.decider';

const item = {
  targetType: 'opinion' as const,
  targetId: '6d1c3b7e-0b8a-4c55-9a1e-3f0c2a9d8e11',
  topicId: 'a1b2c3d4-0b8a-4c55-9a1e-3f0c2a9d8e11',
  authorId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  reportId: '0f6b2c1d-7a3e-4b9c-8d5e-1a2b3c4d5e6f',
};
const admin = '1e0f9a8b-7c6d-4a3b-9c2d-9a8b7c6d5e4f';
const hide = { ...item, reason: 'Insults another member.', hiddenBy: admin };
const restore = { ...item, reason: 'Reviewed again: within the rules.', restoredBy: admin };
const hidden = { type: 'ContentHidden' as const, data: hide };
const restored = { type: 'ContentRestored' as const, data: restore };

describe('content moderation decider (docs/decisions.md, Moderation actions)', () => {
  const spec = deciderSpec(contentModerationDecider);

  it('hides a shown item with the reason its readers are shown', () => {
    spec.given([]).when({ type: 'hideContent', hide }).then([hidden]);
    // Shown again, it may be hidden again.
    spec.given([hidden, restored]).when({ type: 'hideContent', hide }).then([hidden]);
  });

  it('refuses to hide what is hidden already, and a blank reason', () => {
    spec.given([hidden]).when({ type: 'hideContent', hide }).thenThrows(ConflictError, ALREADY_HIDDEN);
    spec
      .given([])
      .when({ type: 'hideContent', hide: { ...hide, reason: '  ' } })
      .thenThrows(ValidationError, MODERATION_REASON_REQUIRED);
  });

  it('restores a hidden item, with or without a reason, and refuses to restore one that is shown', () => {
    spec.given([hidden]).when({ type: 'restoreContent', restore }).then([restored]);
    const plain = { ...restore, reason: null };
    spec
      .given([hidden])
      .when({ type: 'restoreContent', restore: plain })
      .then([{ type: 'ContentRestored', data: plain }]);
    spec.given([]).when({ type: 'restoreContent', restore }).thenThrows(ConflictError, NOT_HIDDEN);
    spec.given([hidden, restored]).when({ type: 'restoreContent', restore }).thenThrows(ConflictError, NOT_HIDDEN);
  });
});
