import { afterAll, beforeAll, describe, it } from 'vitest';
import { usersProjection } from '../../src/identity/users.projection';
import { profileImageChanged, profileUpdated } from '../profile-events';
import { ProjectionSpec, at, expectRows } from '../projection-spec';
import { newId, userRegistered } from '../spec-events';

const T1 = '2026-03-01T10:00:00.000Z';
const T2 = '2026-03-02T10:00:00.000Z';
const T3 = '2026-03-03T10:00:00.000Z';
const HASH = 'c'.repeat(64);
const PROFILE = ['first_name', 'last_name', 'about_me', 'city', 'website_url', 'twitter_url', 'linkedin_url', 'github_url', 'profile_image_url', 'updated_at'];

describe('users projection: the saved profile and its picture', () => {
  let spec: ProjectionSpec;
  beforeAll(async () => {
    spec = await ProjectionSpec.for(usersProjection);
  });
  afterAll(async () => spec.close());

  it('opens every sealed text of a saved profile with the member\u2019s key', async () => {
    const userId = newId();
    const [firstName, lastName, aboutMe, city, websiteUrl] = await spec.vault.sealAll(userId, [
      'Amina',
      'Haddad',
      'Teacher.\nLoves maps.',
      'Riyadh',
      'https://amina.example',
    ]);
    await spec.given([at(T1, userRegistered(userId)), at(T2, profileUpdated(userId, { firstName, lastName, aboutMe, city, websiteUrl }))]).then(
      expectRows('users', { columns: PROFILE }).toEqual([
        {
          first_name: 'Amina',
          last_name: 'Haddad',
          about_me: 'Teacher.\nLoves maps.',
          city: 'Riyadh',
          website_url: 'https://amina.example',
          twitter_url: null,
          linkedin_url: null,
          github_url: null,
          profile_image_url: null,
          updated_at: T2,
        },
      ]),
    );
  });

  it('clears fields a later save leaves empty', async () => {
    const userId = newId();
    const [city, again] = await spec.vault.sealAll(userId, ['Riyadh', 'Jeddah']);
    const saved = spec.given([at(T1, userRegistered(userId)), at(T2, profileUpdated(userId, { city, aboutMe: again }))]);
    await saved
      .when([at(T3, profileUpdated(userId, { city: null }))])
      .then(expectRows('users', { columns: ['city', 'about_me', 'updated_at'] }).toEqual([{ city: null, about_me: null, updated_at: T3 }]));
  });

  it('follows the picture: uploaded, replaced, removed', async () => {
    const userId = newId();
    const uploaded = spec.given([at(T1, userRegistered(userId)), at(T2, profileImageChanged(userId, HASH))]);
    await uploaded.then(
      expectRows('users', { columns: ['profile_image_url', 'updated_at'] }).toEqual([{ profile_image_url: `/api/images/${HASH}.jpg`, updated_at: T2 }]),
    );
    await uploaded
      .when([at(T3, profileImageChanged(userId, null))])
      .then(expectRows('users', { columns: ['profile_image_url'] }).toEqual([{ profile_image_url: null }]));
  });

  it('shows no name or text once the member\u2019s key is erased (a rebuild opens nothing)', async () => {
    const userId = newId();
    const [firstName, lastName, city] = await spec.vault.sealAll(userId, ['Erin', 'Gone', 'Nowhere']);
    await spec.vault.erase(userId);
    await spec
      .given([at(T1, userRegistered(userId)), at(T2, profileUpdated(userId, { firstName, lastName, city }))])
      .then(expectRows('users', { columns: ['first_name', 'last_name', 'city'] }).toEqual([{ first_name: null, last_name: null, city: null }]));
  });
});
