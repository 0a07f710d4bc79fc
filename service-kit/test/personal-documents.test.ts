import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVaultDatabase, type VaultFixture } from '../../test-support/test-vault';
import type { PersonalDataVault } from '../src/personal-data';
import { PersonalDocuments } from '../src/personal-documents';

// A PNG's signature and a little more, as an uploaded document would start.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)]);

describe('sealed bytes and personal documents', () => {
  let fixture: VaultFixture;
  let db: VaultFixture['db'];
  let vault: PersonalDataVault;
  beforeAll(async () => {
    fixture = await createVaultDatabase();
    ({ db, vault } = fixture);
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('seals bytes with the subject\u2019s own key, opens them for that subject only, and never after erasure', async () => {
    const [ada, grace] = [randomUUID(), randomUUID()];
    const sealed = await vault.sealBytes(ada, PNG);
    expect(sealed.includes(PNG.subarray(0, 64))).toBe(false);
    // Fresh IVs: the same bytes seal differently each time, and both open.
    const again = await vault.sealBytes(ada, PNG);
    expect(again.equals(sealed)).toBe(false);
    expect((await vault.openBytes(ada, sealed))?.equals(PNG)).toBe(true);
    expect((await vault.openBytes(ada, again))?.equals(PNG)).toBe(true);
    // Another subject's key, a tampered byte, or something never sealed opens nothing.
    await vault.seal(grace, 'has a key');
    expect(await vault.openBytes(grace, sealed)).toBeNull();
    const tampered = Buffer.from(sealed);
    tampered[20] = tampered[20]! ^ 0xff;
    expect(await vault.openBytes(ada, tampered)).toBeNull();
    expect(await vault.openBytes(ada, PNG)).toBeNull();
    expect((await vault.openBytes(ada, await vault.sealBytes(ada, Buffer.alloc(0))))?.length).toBe(0);
    await vault.erase(ada);
    expect(await vault.openBytes(ada, sealed)).toBeNull();
  });

  it('stores a document sealed in personal_documents, gives it back, and nothing readable after erasure', async () => {
    const documents = new PersonalDocuments(db, vault);
    const [owner, id, other] = [randomUUID(), randomUUID(), randomUUID()];
    await documents.put({ id, subjectId: owner, contentType: 'image/png', bytes: PNG });
    const stored = await sql<{ sealed: Buffer; subject_id: string }>`select sealed, subject_id from personal_documents where id = ${id}`.execute(db);
    expect(stored.rows[0]!.subject_id).toBe(owner);
    expect(stored.rows[0]!.sealed.includes(PNG.subarray(0, 64))).toBe(false);
    const read = await documents.get(id);
    expect(read?.contentType).toBe('image/png');
    expect(read?.bytes?.equals(PNG)).toBe(true);
    expect(await documents.get(randomUUID())).toBeNull();

    await vault.erase(owner);
    expect(await documents.get(id)).toEqual({ subjectId: owner, contentType: 'image/png', bytes: null });
    await documents.put({ id: other, subjectId: owner, contentType: 'image/gif', bytes: PNG });
    await documents.delete(other);
    expect(await documents.get(other)).toBeNull();
    await documents.deleteAllOf(owner);
    expect(await documents.get(id)).toBeNull();
  });
});
