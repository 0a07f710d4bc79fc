import {
  DEFAULT_MAIL_DELIVERY,
  DEFAULT_MAIL_LANGUAGE,
  NOTIFICATION_TYPES,
  type Decider,
  type MailDelivery,
  type MailLanguage,
  type NotificationDeliveryChosen,
  type NotificationLanguageChosen,
  type NotificationsRead,
  type NotificationType,
} from '@civitas/events';

export type ChooseNotificationSettings = {
  type: 'chooseNotificationSettings';
  userId: string;
  deliveries: Partial<Record<NotificationType, MailDelivery>>;
  language: MailLanguage | undefined;
  via: NotificationDeliveryChosen['data']['via'];
};
export type NotificationSettingsEvent = NotificationDeliveryChosen | NotificationLanguageChosen;

export interface NotificationSettingsState {
  deliveries: Record<NotificationType, MailDelivery>;
  language: MailLanguage;
}

/**
 * `notification-settings-{userId}`: how each type reaches the member by e-mail and in which language.
 * Only what changes is recorded, so a repeated unsubscribe link or Settings save writes nothing.
 */
export const notificationSettingsDecider: Decider<ChooseNotificationSettings, NotificationSettingsEvent, NotificationSettingsState> = {
  initialState: () => ({ deliveries: { ...DEFAULT_MAIL_DELIVERY }, language: DEFAULT_MAIL_LANGUAGE }),
  evolve: (state, event) =>
    event.type === 'NotificationDeliveryChosen'
      ? { ...state, deliveries: { ...state.deliveries, [event.data.type]: event.data.delivery } }
      : { ...state, language: event.data.language },
  decide: (command, state) => {
    const { userId, via } = command;
    const deliveries: NotificationSettingsEvent[] = NOTIFICATION_TYPES.flatMap((type) => {
      const delivery = command.deliveries[type];
      return delivery === undefined || delivery === state.deliveries[type]
        ? []
        : [{ type: 'NotificationDeliveryChosen' as const, data: { userId, type, delivery, via } }];
    });
    const language: NotificationSettingsEvent[] =
      command.language === undefined || command.language === state.language
        ? []
        : [{ type: 'NotificationLanguageChosen', data: { userId, language: command.language } }];
    return [...deliveries, ...language];
  },
};

export type MarkNotificationsRead = { type: 'markNotificationsRead'; userId: string; itemIds: string[] | null; readAt: string };

/** `notification-reads-{userId}`: each mark is a fact (the feed itself is derived from other events). */
export const notificationReadsDecider: Decider<MarkNotificationsRead, NotificationsRead, null> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: ({ userId, itemIds, readAt }) => [{ type: 'NotificationsRead', data: { userId, itemIds: itemIds === null ? null : [...new Set(itemIds)], readAt } }],
};
