import { sql, type Generated, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely';
import type { PersonalDataVault } from './personal-data';

/** The table the migration below creates: each document sealed with its subject's key. */
export interface PersonalDocumentTables {
  personal_documents: { id: string; subject_id: string; content_type: string; sealed: Buffer; created_at: Generated<Date> };
}

export const personalDocumentMigrations: Record<string, Migration> = {
  '2026_12_13_001_personal_documents': {
    async up(db: Kysely<unknown>) {
      // Documents are personal data: kept outside the events, sealed with their subject's key (erasing it shreds them).
      await sql`create table personal_documents (
        id uuid primary key, subject_id text not null, content_type text not null, sealed bytea not null, created_at timestamptz not null default now())`.execute(
        db,
      );
      await sql`create index personal_documents_subject on personal_documents (subject_id)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop table personal_documents`.execute(db);
    },
  },
};

export interface StoredDocument {
  subjectId: string;
  contentType: string;
  /** Null once the subject's key is erased: the row remains, unreadable. */
  bytes: Buffer | null;
}

/** A subject's documents (nationality document images), sealed by the vault; only their id is ever named elsewhere. */
export class PersonalDocuments {
  constructor(
    // Raw SQL only: any Kysely (a transaction too) runs it, whatever tables it types.
    private readonly db: QueryExecutorProvider,
    private readonly vault: PersonalDataVault,
  ) {}

  /**
   * Keeps a document; false when one with its id is kept already (copies of one request racing),
   * which `replace` overwrites instead: the copy whose claim was recorded keeps its own image.
   */
  async put(document: { id: string; subjectId: string; contentType: string; bytes: Uint8Array }, options: { replace?: boolean } = {}): Promise<boolean> {
    const sealed = await this.vault.sealBytes(document.subjectId, document.bytes);
    const onConflict = options.replace
      ? sql`do update set content_type = excluded.content_type, sealed = excluded.sealed where personal_documents.subject_id = excluded.subject_id`
      : sql`do nothing`;
    const inserted =
      await sql`insert into personal_documents (id, subject_id, content_type, sealed) values (${document.id}, ${document.subjectId}, ${document.contentType}, ${sealed})
      on conflict (id) ${onConflict} returning id`.execute(this.db);
    return inserted.rows.length > 0;
  }

  async get(id: string): Promise<StoredDocument | null> {
    const row = (
      await sql<{ subject_id: string; content_type: string; sealed: Buffer }>`
      select subject_id, content_type, sealed from personal_documents where id = ${id}`.execute(this.db)
    ).rows[0];
    if (!row) return null;
    return { subjectId: row.subject_id, contentType: row.content_type, bytes: await this.vault.openBytes(row.subject_id, row.sealed) };
  }

  async delete(id: string): Promise<void> {
    await sql`delete from personal_documents where id = ${id}`.execute(this.db);
  }

  /** Erasure: the subject's documents (unreadable already once their key is gone; this frees the rows). */
  async deleteAllOf(subjectId: string): Promise<void> {
    await sql`delete from personal_documents where subject_id = ${subjectId}`.execute(this.db);
  }
}
