import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@civitas/events';
import { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { sql, type Kysely } from 'kysely';
import { openTestVault } from '../../test-support/test-vault-key';
import type { ProjectorLog } from '../src/lib/logger';
import type { Projection } from '../src/projection';

/** A first name PostgreSQL text cannot hold: jsonb refuses \u0000, so it only reaches the store sealed. */
export const NUL_NAME = 'Nul\u0000';
export const BAD_EMAIL = 'nul.person@example.org';

/** A UserRegistered as the command side wrote it before NULs were refused: names sealed with the member's key. */
export async function userRegistered(db: Kysely<any>, userId: string, person: { email: string; firstName: string }): Promise<NewEvent> {
  await openTestVault(db);
  const [email, firstName, lastName] = await new PersonalDataVault(db).sealAll(userId, [person.email, person.firstName, 'Tester']);
  return {
    id: randomUUID(),
    type: 'UserRegistered',
    data: { userId, email, firstName, lastName, profileImageUrl: null, passwordHash: null, externalIdentity: null },
    metadata: { schemaVersion: 2, time: '2026-01-02T00:00:00.000Z' },
  };
}

/** A second reader of UserRegistered (no personal data): it must keep applying what the users projection parks. */
export const registrationsProjection: Projection = {
  name: 'registrations',
  version: 1,
  handles: new Set(['UserRegistered']),
  async createTables(db, schema) {
    await sql`create table ${sql.id(schema, 'registrations')} (user_id uuid primary key)`.execute(db);
  },
  async apply(db, schema, events, changes) {
    for (const event of events) {
      if (event.type !== 'UserRegistered') continue;
      const { userId } = event.data as { userId: string };
      changes.add('registrations', userId);
      await sql`insert into ${sql.id(schema, 'registrations')} values (${userId}) on conflict do nothing`.execute(db);
    }
  },
};

/**
 * `NoteWritten` events (unknown to the registry, so passed through as they are) into a table
 * whose check constraint refuses the body 'forbidden': dropping the constraint is "the fix".
 */
export const notesProjection: Projection = {
  name: 'notes',
  version: 1,
  handles: new Set(['NoteWritten']),
  async createTables(db, schema) {
    await sql`create table ${sql.id(schema, 'notes')} (id integer primary key, body text not null constraint notes_body_allowed check (body <> 'forbidden'))`.execute(
      db,
    );
  },
  async apply(db, schema, events, changes) {
    for (const event of events) {
      if (event.type !== 'NoteWritten') continue;
      const { id, body } = event.data as { id: number; body: string };
      changes.add('notes', id);
      await sql`insert into ${sql.id(schema, 'notes')} values (${id}, ${body}) on conflict do nothing`.execute(db);
    }
  },
};

export const noteWritten = (id: number, body: string): NewEvent => ({
  id: randomUUID(),
  type: 'NoteWritten',
  data: { id, body },
  metadata: { schemaVersion: 1 },
});

/** A log that keeps every line, to assert what was (and was not) written. */
export function capturingLog(): ProjectorLog & { lines: Array<{ level: string; message: string; fields: object }> } {
  const lines: Array<{ level: string; message: string; fields: object }> = [];
  const keep = (level: string) => (fields: object, message: string) => void lines.push({ level, message, fields });
  return { lines, info: keep('info'), warn: keep('warn'), error: keep('error') };
}
