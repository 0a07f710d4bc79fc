import { userStream, type AccountErased, type NotificationPreferences, type NotificationPreferencesChanged } from '@civitas/events';
import { sql } from 'kysely';
import type { Projection } from '../src/projection';
import type { StreamEvent } from './spec-events';

/** The member's own settings and erasure, on their stream, as the account decider writes them (see spec-events.ts). */
type Of<Event extends { type: string; data: unknown }> = StreamEvent<Event['type'], Event['data']>;

export const notificationPreferencesChanged = (userId: string, preferences: NotificationPreferences): Of<NotificationPreferencesChanged> => ({
  type: 'NotificationPreferencesChanged',
  streamId: userStream(userId),
  data: { userId, preferences },
});
export const accountErased = (userId: string, via: AccountErased['data']['via'] = 'password'): Of<AccountErased> => ({
  type: 'AccountErased',
  streamId: userStream(userId),
  data: { userId, erasedBy: userId, via },
});

/**
 * The command side's part of an erasure where the projector meets it: the member's key (and the
 * keys of invitations sent to their address) are shredded before AccountErased is appended. Listed
 * first in a spec, it shreds `subjects` in the batch that carries AccountErased, before the
 * projections apply it, as a live projector finds them; erasing them before a run is a rebuild.
 */
export const shredsKeysAtErasure = (subjects: readonly string[]): Projection => ({
  name: 'key_shredding',
  version: 1,
  handles: new Set(['AccountErased']),
  createTables: async () => undefined,
  apply: async (db, _schema, events) => {
    if (events.some((event) => event.type === 'AccountErased')) await sql`delete from subject_keys where subject_id = any(${[...subjects]})`.execute(db);
  },
});
