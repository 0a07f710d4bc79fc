import {
  ConflictError,
  notificationReadsStream,
  notificationSettingsStream,
  type MailDelivery,
  type MailLanguage,
  type NotificationSettingsReply,
  type NotificationType,
  type Position,
} from '@civitas/events';
import type { CommandBus } from '../lib/command-bus';
import { notificationReadsDecider, notificationSettingsDecider, type ChooseNotificationSettings } from './notifications.decider';

/** What the notifications feature asks of the member's account: nothing is recorded for an erased one. */
export interface NotificationAccounts {
  isErased(userId: string): Promise<boolean>;
}

export const ACCOUNT_GONE = 'This account has been deleted.';

/** The member's notification settings (Settings, one-click unsubscribe) and read marks. */
export class NotificationSettingsService {
  constructor(
    private readonly bus: CommandBus,
    private readonly accounts: NotificationAccounts,
  ) {}

  async choose(
    userId: string,
    choice: { deliveries?: Partial<Record<NotificationType, MailDelivery>>; language?: MailLanguage },
    via: ChooseNotificationSettings['via'],
  ): Promise<NotificationSettingsReply & { position: Position | null }> {
    if (await this.accounts.isErased(userId)) throw new ConflictError(ACCOUNT_GONE);
    const result = await this.bus.run(
      notificationSettingsStream(userId),
      notificationSettingsDecider,
      { type: 'chooseNotificationSettings', userId, deliveries: choice.deliveries ?? {}, language: choice.language, via },
      { actorId: via === 'settings' ? userId : null },
    );
    return { deliveries: result.state.deliveries, language: result.state.language, position: result.position };
  }

  /** Folded from the member's own stream (the mailer may ask before the read model has it). */
  async settings(userId: string): Promise<{ deliveries: Record<NotificationType, MailDelivery>; language: MailLanguage }> {
    const { state } = await this.bus.load(notificationSettingsStream(userId), notificationSettingsDecider);
    return state;
  }

  /** `itemIds` null: everything up to now. */
  async markRead(userId: string, itemIds: string[] | null): Promise<{ position: Position | null }> {
    const result = await this.bus.run(
      notificationReadsStream(userId),
      notificationReadsDecider,
      { type: 'markNotificationsRead', userId, itemIds, readAt: this.bus.now().toISOString() },
      { actorId: userId },
    );
    return { position: result.position };
  }
}
