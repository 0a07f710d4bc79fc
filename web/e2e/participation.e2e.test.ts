import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { createTopicThroughUi } from './support/participation';

// A verified, subscribed member proposes a law amendment in their national group; a second
// citizen posts an opinion; votes toggle; the topic expires (the server's clock is moved on)
// and the winning opinion appears as a law. Each step starts where the last one ended.
let proposer: Page;
let citizen: Page;
let clock = Date.now();
const DAY = 86_400_000;
let topicUrl = '';

const SAUDI_ARABIA = 1682;
const TITLE = 'Open public libraries on Fridays';
const OPINION = 'Open every library from 14:00 to 22:00 on Fridays, staffed by volunteers.';

const journey = startServerAndBrowserForFile({
  now: () => new Date(clock),
  // The clock travels a week; sessions must outlive that, and closing must not wait long.
  env: { SCHEDULER_INTERVAL_SECONDS: '0.5', SESSION_IDLE_TIMEOUT_MINUTES: '1000000', SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000' },
});

beforeAll(async () => {
  proposer = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  citizen = await (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});

const supportButton = (page: Page) => page.getByRole('article', { name: /^Opinion by Omar/ }).getByRole('button', { name: /^Support/ });

describe('participation journey', () => {
  it('a verified, subscribed member creates a law amendment in their national group', async () => {
    await signUpThroughApi(proposer, journey.server.baseUrl, newAccount({ firstName: 'Amina' }), {
      citizenOf: { country: 'Saudi Arabia', nationalId: '1088776655' },
      subscribed: true,
    });

    const yourCountry = proposer.getByRole('region', { name: 'Your Country' });
    await yourCountry.getByRole('article', { name: 'Saudi Arabia' }).getByRole('link', { name: 'Join Discussion' }).click();
    await proposer.waitForURL(new RegExp(`/group/${SAUDI_ARABIA}$`));
    await proposer.getByRole('heading', { level: 1, name: 'Saudi Arabia' }).waitFor();

    await createTopicThroughUi(proposer, TITLE, 'Many students and workers can only visit a library at the end of the week.', 1);
    topicUrl = proposer.url();
    expect(await proposer.getByText('Law Amendment').first().isVisible()).toBe(true);
  });

  it('a second citizen posts an opinion on it', async () => {
    await signUpThroughApi(citizen, journey.server.baseUrl, newAccount({ firstName: 'Omar' }), {
      citizenOf: { country: 'Saudi Arabia', nationalId: '1099887766' },
      landOn: topicUrl,
    });
    await citizen.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await citizen.getByRole('textbox', { name: 'Your opinion' }).fill(OPINION);
    expect(await citizen.getByText(`${OPINION.length}/1000`).isVisible()).toBe(true);
    await citizen.getByRole('button', { name: 'Post Opinion' }).click();
    await citizen.getByRole('region', { name: 'Top Opinion' }).getByText(OPINION).waitFor();
  });

  it('votes toggle: support, the same again removes it, then support once more', async () => {
    await proposer.reload();
    await proposer.getByText(OPINION).first().waitFor();
    const support = supportButton(proposer);
    await support.click();
    await proposer.waitForFunction(() => document.querySelector('[aria-pressed="true"]') !== null);
    expect(await support.getAttribute('aria-pressed')).toBe('true');
    expect(await support.textContent()).toContain('1');

    await support.click();
    await proposer.getByText('Vote removed').first().waitFor();
    expect(await support.getAttribute('aria-pressed')).toBe('false');
    expect(await support.textContent()).toContain('0');

    await support.click();
    await proposer.getByText('Vote recorded').first().waitFor();
    expect(await support.getAttribute('aria-pressed')).toBe('true');
    const stats = proposer.getByRole('region', { name: 'Topic Statistics' });
    await stats.getByText('Participants').waitFor();
  });

  it('the topic closes when it expires and the law appears on the laws page', async () => {
    clock += DAY + 60_000;
    // The scheduler notices the expiry within a tick; the topic page then shows it closed.
    await expect
      .poll(
        async () => {
          await proposer.goto(topicUrl);
          await proposer.getByRole('heading', { level: 1, name: TITLE }).waitFor();
          return proposer.getByText('Closed', { exact: true }).count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBeGreaterThan(0);

    await proposer.goto(`${journey.server.baseUrl}/laws/${SAUDI_ARABIA}`);
    await proposer.getByRole('heading', { level: 1, name: 'Saudi Arabia Laws' }).waitFor();
    const law = proposer.getByRole('article').filter({ hasText: TITLE });
    await law.getByText(OPINION).waitFor();
    expect(await law.textContent()).toContain('Omar');
    expect(await proposer.getByText('No Laws Enacted Yet').count()).toBe(0);
  });
});
