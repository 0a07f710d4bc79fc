import {
  ALREADY_HIDDEN,
  ConflictError,
  MODERATION_REASON_REQUIRED,
  NOT_HIDDEN,
  ValidationError,
  type ContentHidden,
  type ContentModerationEvent,
  type ContentRestored,
  type Decider,
} from '@civitas/events';

export type ContentModerationCommand = { type: 'hideContent'; hide: ContentHidden['data'] } | { type: 'restoreContent'; restore: ContentRestored['data'] };

export interface ContentModerationState {
  /** The standing hide, null while the item is shown. */
  hidden: { reason: string; reportId: string } | null;
}

/**
 * `content-{type}-{id}`: whether an admin hid an opinion or chat message (docs/decisions.md,
 * Moderation actions). Hidden once at a time, with a reason its readers are shown; restored once.
 */
export const contentModerationDecider: Decider<ContentModerationCommand, ContentModerationEvent, ContentModerationState> = {
  initialState: () => ({ hidden: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ContentHidden':
        return { hidden: { reason: event.data.reason, reportId: event.data.reportId } };
      case 'ContentRestored':
        return { hidden: null };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'hideContent':
        if (state.hidden) throw new ConflictError(ALREADY_HIDDEN);
        if (command.hide.reason.trim() === '') throw new ValidationError(MODERATION_REASON_REQUIRED);
        return [{ type: 'ContentHidden', data: command.hide }];
      case 'restoreContent':
        if (!state.hidden) throw new ConflictError(NOT_HIDDEN);
        return [{ type: 'ContentRestored', data: command.restore }];
    }
  },
};
