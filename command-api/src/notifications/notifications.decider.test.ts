import type { MailDelivery, NotificationType } from '@civitas/events';
import { deciderSpec } from '@civitas/events/testing/decider-spec';
import { describe, it } from 'vitest';
import { notificationReadsDecider, notificationSettingsDecider } from './notifications.decider';

const ada = '00000000-0000-4000-8000-00000000000a';
const chosen = (type: NotificationType, delivery: MailDelivery, via: 'settings' | 'unsubscribe' = 'settings') => ({
  type: 'NotificationDeliveryChosen' as const,
  data: { userId: ada, type, delivery, via },
});
const choose = (deliveries: object, language?: 'en' | 'ar', via: 'settings' | 'unsubscribe' = 'settings') => ({
  type: 'chooseNotificationSettings' as const,
  userId: ada,
  deliveries,
  language,
  via,
});

describe('notification settings decider', () => {
  const spec = deciderSpec(notificationSettingsDecider);

  it('records only the types whose delivery changes, in the contract’s order', () => {
    spec
      .given([])
      .when(choose({ topic_opened: 'weekly', mention: 'immediately', subscription: 'never' }))
      .then([chosen('topic_opened', 'weekly'), chosen('subscription', 'never')]);
    spec
      .given([chosen('mention', 'never', 'unsubscribe')])
      .when(choose({ mention: 'never' }, undefined, 'unsubscribe'))
      .then([]);
  });

  it('records the mail language when it changes', () => {
    spec
      .given([])
      .when(choose({}, 'ar'))
      .then([{ type: 'NotificationLanguageChosen', data: { userId: ada, language: 'ar' } }]);
    spec.given([]).when(choose({}, 'en')).then([]);
    spec
      .given([{ type: 'NotificationLanguageChosen', data: { userId: ada, language: 'ar' } }])
      .when(choose({}, 'ar'))
      .then([]);
  });
});

describe('notification reads decider', () => {
  const spec = deciderSpec(notificationReadsDecider);

  it('records each mark, its ids once, or all up to its time', () => {
    const readAt = '2026-03-01T10:00:00.000Z';
    spec
      .given([])
      .when({ type: 'markNotificationsRead', userId: ada, itemIds: ['a', 'b', 'a'], readAt })
      .then([{ type: 'NotificationsRead', data: { userId: ada, itemIds: ['a', 'b'], readAt } }]);
    spec
      .given([])
      .when({ type: 'markNotificationsRead', userId: ada, itemIds: null, readAt })
      .then([{ type: 'NotificationsRead', data: { userId: ada, itemIds: null, readAt } }]);
  });
});
