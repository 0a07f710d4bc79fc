import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerMember, subscribeMonthly } from '../../test-support/members';
import { metadataOf, pngWithGps } from '../../command-api/test/profiles/image-fixtures';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';

// A member fills in their profile, uploads a picture (it shows in the header), votes on an
// opinion, and sees their stats, badges, activity and achievement progress follow. Each step
// starts where the last one ended.
let page: Page;
let topicId = '';

const ISLAM = 2;
const TITLE = 'Keep the mosque library open late';
const OPINION = 'Open the library until ten on weekdays, with volunteers taking turns.';
const account = newAccount({ firstName: 'Amina', lastName: 'Haddad' });

/** Another member, through the API: subscribed, with a topic in Islam and an opinion on it. */
async function topicWithOpinion(): Promise<string> {
  const { client: omar } = await registerMember(journey.server.baseUrl, { firstName: 'Omar', lastName: 'Farouk' });
  await subscribeMonthly(omar, journey.server.baseUrl);
  const topic = await omar.json('POST', '/api/topics', {
    title: TITLE,
    description: 'Students need a quiet place to study after school hours.',
    groupId: ISLAM,
  });
  expect(topic.status).toBe(201);
  expect((await omar.json('POST', '/api/opinions', { topicId: topic.body.topic.id, content: OPINION })).status).toBe(201);
  return topic.body.topic.id;
}

const statCard = (label: string) => page.getByRole('list', { name: 'Statistics' }).getByRole('listitem', { name: label });

const journey = startServerAndBrowserForFile();

beforeAll(async () => {
  page = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  topicId = await topicWithOpinion();
});

describe('profile journey', () => {
  it('a new member opens their profile: real zeros, no badge not earned', async () => {
    await signUpThroughApi(page, journey.server.baseUrl, account);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Amina Haddad' }).waitFor();
    expect(await statCard('Votes Cast').textContent()).toBe('0Votes Cast');
    expect(await page.locator('p', { hasText: 'Participation score' }).textContent()).toContain('Participation score 0');
    expect(await page.getByRole('list', { name: 'Badges' }).count()).toBe(0);
  });

  it('edits the profile: a javascript: link is refused, a real one saved with city and about text', async () => {
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('City').fill('Riyadh');
    await dialog.getByLabel('About me').fill('Teacher. I care about libraries.');
    await dialog.getByLabel('Website').fill('javascript:alert(document.cookie)');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Website must be a web address starting with http:// or https://').waitFor();

    await dialog.getByLabel('Website').fill('https://amina.example');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile updated').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Riyadh').waitFor();
    await page.getByText('Teacher. I care about libraries.').waitFor();
    expect(await page.getByRole('list', { name: 'Links' }).getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://amina.example');
  });

  it('uploads a picture: scaled and stored without metadata, it shows in the header', async () => {
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByText('JPG, PNG, GIF or WebP. Max 2MB.', { exact: false }).waitFor();
    await dialog.getByTestId('profile-image-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngWithGps(1600, 1200) });
    await dialog.locator('img[src^="/api/images/"]').waitFor();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile updated').first().waitFor();

    const avatar = page.getByRole('button', { name: 'Amina Haddad' }).locator('img');
    await avatar.waitFor();
    const src = await avatar.getAttribute('src');
    expect(src).toMatch(/^\/api\/images\/[0-9a-f]{64}\.jpg$/);
    const size = await avatar.evaluate(
      (image: HTMLImageElement) =>
        new Promise<[number, number]>((resolve) => {
          if (image.complete) resolve([image.naturalWidth, image.naturalHeight]);
          else image.addEventListener('load', () => resolve([image.naturalWidth, image.naturalHeight]), { once: true });
        }),
    );
    expect(size).toEqual([400, 300]);
    const stored = Buffer.from(await (await fetch(`${journey.server.baseUrl}${src}`)).arrayBuffer());
    expect(await metadataOf(stored)).toMatchObject({ format: 'jpeg', width: 400, height: 300, exif: undefined, icc: undefined, xmp: undefined });
  });

  it('the header\u2019s user menu, with the picture, goes to the profile\u2019s Settings', async () => {
    await page.getByRole('button', { name: 'Amina Haddad' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/profile?settings=1');
    await settings.getByRole('button', { name: 'Close' }).click();
    await settings.waitFor({ state: 'detached' });
  });

  it('votes on an opinion; the stat cards, badges, activity and achievement progress follow', async () => {
    await page.goto(`${journey.server.baseUrl}/topic/${topicId}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page
      .getByRole('article', { name: /^Opinion by Omar/ })
      .getByRole('button', { name: /^Support/ })
      .click();
    await page.getByText('Vote recorded').first().waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Amina Haddad' }).waitFor();
    await expect.poll(() => statCard('Votes Cast').textContent()).toBe('1Votes Cast');
    await page.getByRole('list', { name: 'Badges' }).getByText('Active Citizen').waitFor();
    expect(await page.locator('p', { hasText: 'Participation score' }).textContent()).toContain('Participation score 1');

    await page.getByRole('tab', { name: 'Activity' }).click();
    const activity = page.getByRole('list', { name: 'Recent activity' });
    const vote = activity.getByRole('listitem').first();
    await vote.getByText('Supported an opinion on').waitFor();
    expect(await vote.getByRole('link', { name: TITLE }).getAttribute('href')).toBe(`/topic/${topicId}`);
    expect(await vote.textContent()).toContain('ago');

    await page.getByRole('tab', { name: 'Achievements' }).click();
    const participant = page.getByRole('listitem', { name: 'Active Participant' });
    expect(await participant.textContent()).toContain('1 / 100');
    expect(await participant.textContent()).toContain('Locked');
    expect(await participant.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
  });
});
