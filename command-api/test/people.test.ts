import { randomUUID } from 'node:crypto';
import { CATALOGUE, PostgresEventStore, createEventRegistry, groupStream, userStream, type DomainEvent } from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVaultDatabase, type VaultFixture } from '../../test-support/test-vault';
import { CommandBus } from '../src/lib/command-bus';
import { ParticipationGate } from '../src/lib/participation-gate';
import { People } from '../src/lib/people';

const registry = createEventRegistry();
/** A religion group: anyone may take part, nobody joins. */
const ISLAM = 2;

/**
 * No projector runs here and there is no users table: the names come from the member's stream (in
 * the gate's one read of it, beside their standing) and are opened with their key.
 */
describe('people named beside what they write', () => {
  let fixture: VaultFixture;
  let store: PostgresEventStore;
  let vault: PersonalDataVault;
  let gate: ParticipationGate;
  let people: People;

  beforeAll(async () => {
    fixture = await createVaultDatabase();
    vault = fixture.vault;
    store = new PostgresEventStore({ connectionString: fixture.database.url, poolSize: 5 });
    const { data } = registry.prepare({ type: 'GroupCreated', data: CATALOGUE.find((group) => group.groupId === ISLAM)! });
    await store.append(groupStream(ISLAM), [{ id: randomUUID(), type: 'GroupCreated', data, metadata: { schemaVersion: 1 } }], 'no_stream');
    gate = new ParticipationGate(new CommandBus(store, registry, () => new Date()));
    people = new People(vault);
  });
  afterAll(async () => {
    await store?.close();
    await fixture?.close();
  });

  const record = async (userId: string, event: Pick<DomainEvent, 'type' | 'data'>) => {
    const { data } = registry.prepare(event as DomainEvent);
    await store.append(userStream(userId), [{ id: randomUUID(), type: event.type, data, metadata: { schemaVersion: 1 } }], 'any');
  };
  const register = async (userId: string, firstName: string | null, lastName: string | null) => {
    const [email, first, last] = await vault.sealAll(userId, [`${userId}@example.org`, firstName, lastName]);
    await record(userId, {
      type: 'UserRegistered',
      data: { userId, email, firstName: first, lastName: last, profileImageUrl: null, passwordHash: null, externalIdentity: null },
    });
  };
  /** The author of a command, as a participation command names them. */
  const author = async (userId: string) => people.open(userId, (await gate.requireParticipant(userId, ISLAM)).person);

  it('names a member from the moment they registered, then as they change their name and picture', async () => {
    const userId = randomUUID();
    await register(userId, 'Layla', 'Haddad');
    expect(await author(userId)).toEqual({ firstName: 'Layla', lastName: 'Haddad', profileImageUrl: null });

    await record(userId, { type: 'ProfileImageChanged', data: { userId, imageHash: 'abc', profileImageUrl: '/api/profile-images/abc' } });
    const [first, last] = await vault.sealAll(userId, ['Layla', 'Al-Haddad']);
    const none = { aboutMe: null, city: null, websiteUrl: null, twitterUrl: null, linkedinUrl: null, githubUrl: null };
    await record(userId, { type: 'ProfileUpdated', data: { userId, firstName: first, lastName: last, ...none } });
    expect(await author(userId)).toEqual({ firstName: 'Layla', lastName: 'Al-Haddad', profileImageUrl: '/api/profile-images/abc' });
  });

  it("reads the member's stream once for their standing and their names", async () => {
    const userId = randomUUID();
    await register(userId, 'Yusuf', 'Karimi');
    const reads = vi.spyOn(store, 'readStream');
    await author(userId);
    expect(reads.mock.calls.filter(([stream]) => stream === userStream(userId))).toHaveLength(1);
    reads.mockRestore();
  });

  it('names a delegate the same way, and nobody for an erased account or an unknown id', async () => {
    const userId = randomUUID();
    await register(userId, 'Omar', null);
    const named = await gate.participationOf(userId, ISLAM);
    expect(named).toMatchObject({ refusal: null });
    expect(await people.open(userId, named!.person)).toEqual({ firstName: 'Omar', lastName: null, profileImageUrl: null });

    await record(userId, { type: 'AccountErased', data: { userId, erasedBy: userId, via: 'password' } });
    await vault.erase(userId);
    expect(await gate.participationOf(userId, ISLAM)).toBeNull();
    expect(await gate.participationOf(randomUUID(), ISLAM)).toBeNull();
    // Names sealed before the erasure open to nothing once the key is gone.
    expect(await people.open(userId, named!.person)).toEqual({ firstName: null, lastName: null, profileImageUrl: null });
  });
});
