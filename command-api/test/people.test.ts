import { randomUUID } from 'node:crypto';
import { PostgresEventStore, createEventRegistry, userStream, type DomainEvent } from '@civitas/events';
import type { PersonalDataVault } from '@civitas/service-kit/personal-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVaultDatabase, type VaultFixture } from '../../test-support/test-vault';
import { CommandBus } from '../src/lib/command-bus';
import { People } from '../src/lib/people';

const registry = createEventRegistry();

/** No projector runs here and there is no users table: the names come from the member's stream and key. */
describe('people named beside what they write', () => {
  let fixture: VaultFixture;
  let store: PostgresEventStore;
  let vault: PersonalDataVault;
  let people: People;

  beforeAll(async () => {
    fixture = await createVaultDatabase();
    vault = fixture.vault;
    store = new PostgresEventStore({ connectionString: fixture.database.url, poolSize: 5 });
    people = new People(new CommandBus(store, registry, () => new Date()), vault);
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
    await record(userId, { type: 'UserRegistered', data: { userId, email, firstName: first, lastName: last, profileImageUrl: null, passwordHash: null, externalIdentity: null } });
  };

  it('names a member from the moment they registered, then as they change their name and picture', async () => {
    const userId = randomUUID();
    await register(userId, 'Layla', 'Haddad');
    expect(await people.summary(userId)).toEqual({ firstName: 'Layla', lastName: 'Haddad', profileImageUrl: null });

    await record(userId, { type: 'ProfileImageChanged', data: { userId, imageHash: 'abc', profileImageUrl: '/api/profile-images/abc' } });
    const [first, last] = await vault.sealAll(userId, ['Layla', 'Al-Haddad']);
    const none = { aboutMe: null, city: null, websiteUrl: null, twitterUrl: null, linkedinUrl: null, githubUrl: null };
    await record(userId, { type: 'ProfileUpdated', data: { userId, firstName: first, lastName: last, ...none } });
    expect(await people.summary(userId)).toEqual({ firstName: 'Layla', lastName: 'Al-Haddad', profileImageUrl: '/api/profile-images/abc' });
  });

  it('names nobody for an erased account or an unknown id, as the read side shows a deleted member', async () => {
    const userId = randomUUID();
    await register(userId, 'Omar', null);
    expect(await people.summary(userId)).toEqual({ firstName: 'Omar', lastName: null, profileImageUrl: null });
    await record(userId, { type: 'AccountErased', data: { userId, erasedBy: userId, via: 'password' } });
    await vault.erase(userId);
    const nobody = { firstName: null, lastName: null, profileImageUrl: null };
    expect(await people.summary(userId)).toEqual(nobody);
    expect(await people.summary(randomUUID())).toEqual(nobody);
  });
});
