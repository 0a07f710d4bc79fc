import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { signCheckpoint } from '@civitas/events';
import { createKysely } from '@civitas/service-kit/database';
import { latestCheckpoint, logSigningKey } from '@civitas/service-kit/merkle-store';
import { newAccount, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { ServerClock, TIME_TRAVEL_ENV, awaitTopicClosed } from './support/clock';
import { createTopicThroughUi } from './support/participation';

// Issue #15: an admin makes Rania an auditor; Omar and Rania vote on a short topic in
// International; the topic closes (the server's clock moves past it). Rania opens it on /audit:
// its result, its history with pseudonyms (her own entry marked You), its timeline; on the topic
// page she moves the time slider back and sees the tallies as they stood then, then checks the
// receipt of her vote against the signed log and downloads her receipts; back on /audit she
// downloads the export and the standalone verifier prints a match and counts her receipt; when the
// server then shows her browser a forked log, the page warns. Each step starts where the last one ended.
let admin: Page;
let rania: Page;
let omar: Page;
const clock = new ServerClock();

const adminAccount = newAccount({ firstName: 'Amal', lastName: 'Saleh' });
const raniaAccount = newAccount({ firstName: 'Rania', lastName: 'Khalil' });
const INTERNATIONAL = 7;
const TITLE = 'Open data for every public budget';
const OPINION = 'Publish every line of every budget as open data within a month.';
let topicUrl = '';
/** Where Rania's downloaded receipts wait for the verifier. */
let receiptsFolder = '';
let receiptsFile = '';

const journey = startServerAndBrowserForFile({ now: clock.now, env: { ...TIME_TRAVEL_ENV, ADMIN_EMAILS: adminAccount.email } });

beforeAll(async () => {
  const page = async () => (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  [admin, rania, omar] = [await page(), await page(), await page()];
});

const opinionCard = (page: Page) => page.getByRole('article', { name: 'Opinion by Omar Farouk' }).first();

describe('audit journey', () => {
  it('an admin makes Rania an auditor; the header then links Audit', async () => {
    await signUpThroughApi(rania, journey.server.baseUrl, raniaAccount, { subscribed: true, landOn: null });
    await signUpThroughApi(admin, journey.server.baseUrl, adminAccount, { emailProvenFrom: journey.server.dataDir, landOn: '/admin' });
    await admin.getByRole('tab', { name: 'Members' }).click();
    await admin.getByRole('textbox', { name: 'Search members' }).fill('Khalil');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await admin.getByRole('listitem', { name: 'Member: Rania Khalil' }).getByRole('button', { name: 'Make Auditor' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Grant Auditor' }).click();
    await admin.getByText('Role Granted').first().waitFor();

    await rania.goto(journey.server.baseUrl + '/');
    await rania.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit', exact: true }).click();
    await rania.getByRole('heading', { level: 1, name: 'Audit' }).waitFor();
  });

  it('Omar proposes a one-day topic and supports his opinion; Rania supports it too', async () => {
    await signUpThroughApi(omar, journey.server.baseUrl, newAccount({ firstName: 'Omar', lastName: 'Farouk' }), {
      subscribed: true,
      landOn: `/group/${INTERNATIONAL}`,
    });
    await createTopicThroughUi(omar, TITLE, 'Citizens can only hold budgets to account when they can read them.', 1);
    topicUrl = omar.url();
    await omar.getByRole('textbox', { name: 'Your opinion' }).fill(OPINION);
    await omar.getByRole('button', { name: 'Post Opinion' }).click();
    await opinionCard(omar)
      .getByRole('button', { name: /^Support/ })
      .click();
    await opinionCard(omar).getByText('Weighted: 1 support · 0 oppose').waitFor();

    await rania.goto(topicUrl);
    await opinionCard(rania)
      .getByRole('button', { name: /^Support/ })
      .click();
    await opinionCard(rania).getByText('Weighted: 2 support · 0 oppose').waitFor();
  });

  it('the topic closes; on /audit Rania sees its result, its history with pseudonyms and her own entry, and its timeline', async () => {
    clock.travelDays(2);
    await awaitTopicClosed(omar, topicUrl, TITLE);

    await rania.goto(`${journey.server.baseUrl}/audit`);
    const list = rania.getByRole('list', { name: 'Topics, newest first' });
    const row = list.getByRole('button', { name: new RegExp(TITLE) });
    await row.getByText('Closed', { exact: true }).waitFor();
    await row.getByText(/^Law enacted from opinion/).waitFor();
    await row.click();

    const audit = rania.getByRole('region', { name: `Audit of ${TITLE}` });
    const table = audit.getByRole('table', { name: 'Topic history, oldest first' });
    await table.getByRole('row').filter({ hasText: 'Topic closed' }).waitFor();
    const votes = table.getByRole('row').filter({ hasText: 'Vote cast' });
    expect(await votes.count()).toBe(2);
    const texts = await votes.allTextContents();
    expect(texts.filter((text) => text.includes('You'))).toHaveLength(1);
    for (const text of texts) {
      expect(text).toMatch(/member-[0-9a-f]{12}/);
      expect(text).not.toContain('Omar');
      expect(text).not.toContain('Rania');
    }
    await audit.getByText(/At the end: .*2 support, 0 oppose\./).waitFor();
  });

  it('on the topic page Rania moves the time slider back and sees the earlier tallies, then comes back to now', async () => {
    await rania.goto(topicUrl);
    await opinionCard(rania).getByText('Weighted: 2 support · 0 oppose').waitFor();
    // A member's topic page folds the timeline to one line (issue #32).
    await rania.getByRole('button', { name: 'Show timeline' }).click();
    const slider = rania.getByRole('slider', { name: 'Show the tallies as of' });
    expect(await slider.getAttribute('aria-valuetext')).toBe('Now');
    await slider.focus();
    await slider.press('Home');
    await rania.getByRole('button', { name: 'Back to now' }).waitFor();
    expect(await slider.getAttribute('aria-valuetext')).toMatch(/^As of /);
    // At the topic's creation nothing was posted or counted yet.
    await rania.getByRole('region', { name: 'Top Opinion' }).getByText('No opinions yet. The most supported opinion will appear here.').waitFor();
    const stats = rania.getByRole('region', { name: 'Topic Statistics' });
    await stats.getByText('Total Opinions').locator('xpath=following-sibling::dd[1]').filter({ hasText: /^0$/ }).waitFor();

    await rania.getByRole('button', { name: 'Back to now' }).click();
    await opinionCard(rania).getByText('Weighted: 2 support · 0 oppose').waitFor();
  });

  it('Rania checks the receipt of her vote against the signed log, in her browser', async () => {
    await opinionCard(rania).getByRole('button', { name: 'Check my receipt' }).click();
    const dialog = rania.getByRole('dialog', { name: 'Check my receipt' });
    await dialog.getByText(/^Your vote is in the log: event \d+ of \d+\.$/).waitFor();
    await dialog.getByText(/checked in this browser\.$/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('Rania downloads her receipts from the topic page, for the verifier', async () => {
    const saving = rania.waitForEvent('download');
    await rania.getByRole('button', { name: 'Download my receipts' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toMatch(/^civitas-receipts-[0-9a-f-]+\.json$/);
    receiptsFolder = await mkdtemp(join(tmpdir(), 'civitas-receipts-'));
    receiptsFile = join(receiptsFolder, download.suggestedFilename());
    await download.saveAs(receiptsFile);
    const saved = JSON.parse(await readFile(receiptsFile, 'utf8')) as { format: string; receipts: Array<{ eventId: string }> };
    expect(saved).toMatchObject({ format: 'civitas-receipts/1' });
    expect(saved.receipts).toHaveLength(1);
  });

  it('on /audit Rania downloads the topic\u2019s export, and the verifier, run on its own, prints a match', async () => {
    await rania.goto(`${journey.server.baseUrl}/audit`);
    await rania
      .getByRole('list', { name: 'Topics, newest first' })
      .getByRole('button', { name: new RegExp(TITLE) })
      .click();
    const card = rania.getByRole('region', { name: 'Verify it yourself' });
    const { publicKey } = (await (await fetch(`${journey.server.baseUrl}/.well-known/civitas-log-key`)).json()) as { publicKey: string };
    await card.getByText(`--key ${publicKey}`, { exact: false }).first().waitFor();
    // The log's checkpoint is signed every few seconds while events arrive: until it covers the close, the card says so.
    let download: Download | null = null;
    for (let attempt = 0; attempt < 10 && !download; attempt += 1) {
      const arriving = rania.waitForEvent('download', { timeout: 3000 }).catch(() => null);
      await card.getByRole('button', { name: 'Download export' }).click();
      download = await arriving;
    }
    expect(download?.suggestedFilename()).toMatch(/^civitas-topic-[0-9a-f-]+\.ndjson$/);
    const folder = await mkdtemp(join(tmpdir(), 'civitas-export-'));
    try {
      const file = join(folder, download!.suggestedFilename());
      await download!.saveAs(file);
      const { stdout } = await promisify(execFile)(process.execPath, [
        join(import.meta.dirname, '../../verifier/bin/civitas-verify.mjs'),
        file,
        '--key',
        publicKey,
        '--receipt',
        receiptsFile,
      ]);
      expect(stdout).toContain('law_enacted');
      // The closing recorded what it counted, and the export holds exactly that.
      expect(stdout).toMatch(/complete: the \d+ events the closing counted are all here, in its order/);
      // Her own vote, as the server answered it, is in the export and counted.
      const { receipts } = JSON.parse(await readFile(receiptsFile, 'utf8')) as { receipts: Array<{ eventId: string }> };
      expect(stdout).toMatch(new RegExp(`${receipts[0]!.eventId} \\(leaf \\d+\\): counted: counted in the recount as cast \\(vote\\)`));
      expect(stdout).toContain('MATCH: every check passed and the recount equals the published result.');
    } finally {
      await rm(folder, { recursive: true, force: true });
      await rm(receiptsFolder, { recursive: true, force: true });
    }
  });

  it('when the server later shows her browser a log that forks from the one it kept, every page warns', async () => {
    // Her browser has kept the log's latest checkpoint from her visits (each page load checks it when idle).
    await rania.goto(`${journey.server.baseUrl}/audit`);
    const keptSize = await rania.waitForFunction(() => {
      const kept = localStorage.getItem('civitas.log-checkpoint');
      return kept ? (JSON.parse(kept) as { checkpoint: { treeSize: number } }).checkpoint.treeSize : 0;
    });
    expect(await keptSize.jsonValue()).toBeGreaterThan(0);
    // The platform's own key signs another root for its latest tree size: the split view a fork is.
    const db = createKysely(journey.server.databaseUrl, { max: 1 });
    try {
      const key = await logSigningKey(db);
      const latest = (await latestCheckpoint(db))!;
      const forged = signCheckpoint(key.privateKey, { ...latest, rootHash: Buffer.alloc(32, 7) });
      await journey.server.query('update merkle_checkpoints set root_hash = $1, signature = $2 where tree_size = $3', [
        Buffer.from(forged.rootHash, 'base64'),
        Buffer.from(forged.signature, 'base64'),
        latest.treeSize,
      ]);
    } finally {
      await db.destroy();
    }
    await rania.goto(`${journey.server.baseUrl}/`);
    const warning = rania.getByRole('alert').filter({ hasText: 'This server\u2019s audit log does not match what your browser saw before' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Tell the platform\u2019s auditors');
  });
});
