import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { newAccount, registerThroughUi, signUpThroughApi, startServerAndBrowserForFile } from './support/browser';
import { createTopicThroughUi } from './support/participation';

// Issue #17, item 4: axe-core finds no WCAG 2.2 AA violation on any page, for a visitor, a
// member, an admin and an auditor; the keyboard gets a skip link and keeps its focus when the
// e-mail sign-in card opens and closes; a visitor's page loads log no error. The member browses
// on localhost while the server names itself 127.0.0.1 (PUBLIC_BASE_URL), so paying through the
// sandbox also shows that our redirects stay on the host the member uses. Each step starts
// where the last one ended.
let visitor: Page;
let member: Page;
let admin: Page;
let auditor: Page;
/** Console errors and failed requests of the visitor's tab. */
const visitorErrors: string[] = [];

const memberAccount = newAccount({ firstName: 'Layla', lastName: 'Nasser' });
const adminAccount = newAccount({ firstName: 'Amal', lastName: 'Saleh' });
const auditorAccount = newAccount({ firstName: 'Rania', lastName: 'Khalil' });
const INTERNATIONAL = 7;
const TITLE = 'Step-free access to every polling station';
let otherHostUrl = '';

async function newPage(context?: BrowserContext): Promise<Page> {
  return (context ?? (await journey.browser.newContext({ viewport: { width: 1280, height: 900 } }))).newPage();
}

/** The outline keyboard focus draws on the focused element (WCAG 2.4.7: focus visible). */
const focusOutline = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });

/** The focused element, described for an assertion message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 60)}"` : 'nothing';
  });

const journey = startServerAndBrowserForFile({ env: { ADMIN_EMAILS: adminAccount.email } });

beforeAll(async () => {
  // The server names itself 127.0.0.1; the member comes in by the other name of this machine.
  otherHostUrl = journey.server.baseUrl.replace('127.0.0.1', 'localhost');
  [visitor, member, admin, auditor] = [await newPage(), await newPage(), await newPage(), await newPage()];
  visitor.on('console', (message) => {
    if (message.type() === 'error') visitorErrors.push(`console: ${message.text()}`);
  });
  visitor.on('response', (response) => {
    if (response.status() >= 400) visitorErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
});

describe('accessibility journey', () => {
  it('the axe check fails with a readable list when a page breaks a rule', async () => {
    const page = await newPage();
    await page.setContent('<html lang="en"><title>Broken</title><main><img src="data:,"><button></button></main></html>');
    await expect(expectNoAxeViolations(page, 'a broken page')).rejects.toThrow(
      /axe found 2 WCAG 2\.2 AA violation\(s\) on a broken page[\s\S]*button-name: Buttons must have discernible text at button[\s\S]*image-alt: /,
    );
    await page.context().close();
  });

  it('a visitor lands with no error in the console, and the first tab stop skips to the main content', async () => {
    await visitor.goto(journey.server.baseUrl + '/');
    await visitor.getByRole('button', { name: 'Sign In with Email' }).waitFor();
    await visitor.waitForLoadState('networkidle');
    expect(visitorErrors).toEqual([]);

    await visitor.keyboard.press('Tab');
    const skip = visitor.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await focusOutline(visitor)).toEqual({ style: 'solid', width: 3 });
    // Shown while focused (it sits off screen otherwise).
    expect(await skip.isVisible()).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0).toBe(true);
    await visitor.keyboard.press('Enter');
    expect(await visitor.getByRole('main').evaluate((main) => main === document.activeElement), await focused(visitor)).toBe(true);
    // The next tab stop is inside the page, past the header.
    await visitor.keyboard.press('Tab');
    expect(await visitor.evaluate(() => Boolean(document.activeElement?.closest('main'))), await focused(visitor)).toBe(true);

    await expectNoAxeViolations(visitor, 'the landing page');
  });

  it('the e-mail sign-in card takes the focus when it opens and gives it back when it closes; both tabs pass axe', async () => {
    const openCard = visitor.getByRole('button', { name: 'Sign In with Email' });
    await openCard.focus();
    await visitor.keyboard.press('Enter');
    const signInTab = visitor.getByRole('tab', { name: 'Sign In' });
    await signInTab.waitFor();
    expect(await signInTab.evaluate((tab) => tab === document.activeElement), await focused(visitor)).toBe(true);
    expect(await focusOutline(visitor)).toEqual({ style: 'solid', width: 3 });
    // From the tab, the next stop is the form's first field.
    await visitor.keyboard.press('Tab');
    expect(
      await visitor
        .getByRole('form', { name: 'Sign in with email' })
        .getByLabel('Email')
        .evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await expectNoAxeViolations(visitor, 'the landing page, Sign In tab');

    await visitor.getByRole('tab', { name: 'Create Account' }).click();
    await visitor.getByRole('form', { name: 'Create account' }).waitFor();
    await expectNoAxeViolations(visitor, 'the landing page, Create Account tab');

    await visitor.getByRole('button', { name: 'Back to sign-in options' }).click();
    await openCard.waitFor();
    expect(await openCard.evaluate((button) => button === document.activeElement), await focused(visitor)).toBe(true);
  });

  it('terms, privacy and an unknown address pass axe; the 404 page keeps its hint and leads home', async () => {
    for (const [path, heading] of [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
    ] as const) {
      await visitor.goto(journey.server.baseUrl + path);
      await visitor.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expectNoAxeViolations(visitor, path);
    }
    await visitor.goto(journey.server.baseUrl + '/no-such-page');
    await visitor.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await visitor.getByText('Did you forget to add the page to the router?').waitFor();
    await expectNoAxeViolations(visitor, 'the 404 page');
    await visitor.getByRole('link', { name: 'Go to Home Page' }).click();
    await visitor.getByRole('button', { name: 'Sign In with Email' }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/');
    await visitor.waitForLoadState('networkidle');
    expect(visitorErrors).toEqual([]);
  });

  it('a member on another host name than the server names passes axe on the dashboard and the group page', async () => {
    await registerThroughUi(member, otherHostUrl, memberAccount);
    await member.getByRole('region', { name: 'Upgrade to Premium' }).waitFor();
    await member.waitForLoadState('networkidle');
    await expectNoAxeViolations(member, 'the dashboard');

    await member.goto(`${otherHostUrl}/group/${INTERNATIONAL}`);
    await member.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(member, 'the International group page');
  });

  it('subscribes through the sandbox and stays signed in on its own host name; the plan and checkout pages pass axe', async () => {
    await member.goto(`${otherHostUrl}/`);
    await member.getByRole('region', { name: 'Upgrade to Premium' }).getByRole('link', { name: 'Subscribe Now' }).click();
    await member.getByRole('article', { name: 'Civic Participation (monthly)' }).waitFor();
    await expectNoAxeViolations(member, 'the subscribe page');

    await member.getByRole('article', { name: 'Civic Participation (monthly)' }).getByRole('button', { name: 'Subscribe (sandbox)' }).click();
    await member.waitForURL(/\/checkout\/sandbox\/[^/]+$/);
    expect(new URL(member.url()).origin).toBe(otherHostUrl);
    await member.getByRole('button', { name: 'Pay', exact: true }).waitFor();
    await expectNoAxeViolations(member, 'the sandbox checkout');

    await member.getByRole('button', { name: 'Pay', exact: true }).click();
    await member.getByRole('heading', { name: 'Subscription active' }).waitFor();
    expect(new URL(member.url()).origin).toBe(otherHostUrl);
    await expectNoAxeViolations(member, 'the subscription return page');
  });

  it('a topic, its create dialog, the laws page and the profile pass axe; the dialog gives focus back on close', async () => {
    await member.goto(`${otherHostUrl}/group/${INTERNATIONAL}`);
    const create = member.getByRole('button', { name: 'Create Topic' });
    await create.click();
    const dialog = member.getByRole('dialog', { name: 'Create New Topic' });
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement)), await focused(member)).toBe(true);
    await expectNoAxeViolations(member, 'the Create Topic dialog');
    await member.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await create.evaluate((button) => button === document.activeElement), await focused(member)).toBe(true);

    await createTopicThroughUi(member, TITLE, 'Every citizen should be able to reach the ballot box on their own.');
    await member.getByRole('textbox', { name: 'Your opinion' }).fill('Ramps and lifts at every station by the next election.');
    await member.getByRole('button', { name: 'Post Opinion' }).click();
    const opinion = member.getByRole('article', { name: /^Opinion by / }).first();
    await opinion.getByRole('button', { name: /^Support/ }).click();
    // The buttons are disabled while the vote is sent and fade back after: measure the settled state.
    await opinion.getByRole('button', { name: /^Support/, pressed: true, disabled: false }).waitFor();
    await member.waitForLoadState('networkidle');
    await expectNoAxeViolations(member, 'the topic page with an opinion');

    await member.goto(`${otherHostUrl}/laws/${INTERNATIONAL}`);
    await member.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(member, 'the laws page');

    await member.goto(`${otherHostUrl}/profile`);
    await member.getByRole('heading', { level: 1, name: `${memberAccount.firstName} ${memberAccount.lastName}` }).waitFor();
    for (const tab of await member.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab').all()) {
      await tab.click();
      await member.waitForLoadState('networkidle');
      await expectNoAxeViolations(member, `the profile, ${await tab.textContent()} tab`);
    }
  });

  it('on a phone, the dashboard and the open navigation drawer pass axe', async () => {
    await member.setViewportSize({ width: 390, height: 844 });
    await member.goto(`${otherHostUrl}/`);
    await member.getByRole('heading', { level: 1, name: `Welcome, ${memberAccount.firstName}!` }).waitFor();
    await member.waitForLoadState('networkidle');
    await expectNoAxeViolations(member, 'the dashboard on a phone');
    await member.getByRole('button', { name: 'Open navigation menu' }).click();
    await member.getByRole('navigation', { name: 'Main' }).waitFor();
    await expectNoAxeViolations(member, 'the navigation drawer on a phone');
    await member.keyboard.press('Escape');
    await member.setViewportSize({ width: 1280, height: 900 });
  });

  it('with reduced motion asked for, a dialog opens without animating', async () => {
    /** The longest transition on the open Create Topic dialog's parts, in seconds. */
    const dialogTransition = async () => {
      await member.goto(`${otherHostUrl}/group/${INTERNATIONAL}`);
      await member.getByRole('button', { name: 'Create Topic' }).click();
      const dialog = member.getByRole('dialog', { name: 'Create New Topic' });
      await dialog.waitFor();
      const seconds = await dialog.evaluate((element) => {
        const parts = [element, element.parentElement!, element.closest('.MuiDialog-root')!.querySelector('.MuiBackdrop-root')!];
        return Math.max(
          ...parts.flatMap((part) =>
            getComputedStyle(part)
              .transitionDuration.split(',')
              .map((value) => parseFloat(value)),
          ),
        );
      });
      await member.keyboard.press('Escape');
      return seconds;
    };
    expect(await dialogTransition()).toBeGreaterThan(0.1);
    // The theme reads the preference when the app starts, hence a fresh load.
    await member.emulateMedia({ reducedMotion: 'reduce' });
    expect(await dialogTransition()).toBeLessThan(0.01);
    await member.emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('an admin passes axe on every tab of /admin, and makes Rania an auditor', async () => {
    await signUpThroughApi(auditor, journey.server.baseUrl, auditorAccount, { landOn: null });
    await signUpThroughApi(admin, journey.server.baseUrl, adminAccount, { emailProvenFrom: journey.server.dataDir, landOn: '/admin' });
    await admin.getByRole('heading', { level: 1, name: 'Admin Panel' }).waitFor();
    for (const tab of await admin.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab').all()) {
      await tab.click();
      await admin.waitForLoadState('networkidle');
      await expectNoAxeViolations(admin, `/admin, ${await tab.textContent()} tab`);
    }

    await admin.getByRole('tab', { name: 'Members' }).click();
    await admin.getByRole('textbox', { name: 'Search members' }).fill('Khalil');
    await admin.getByRole('button', { name: 'Search', exact: true }).click();
    await admin.getByRole('listitem', { name: 'Member: Rania Khalil' }).getByRole('button', { name: 'Make Auditor' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Grant Auditor' }).waitFor();
    await expectNoAxeViolations(admin, 'the Grant Auditor dialog');
    await admin.getByRole('dialog').getByRole('button', { name: 'Grant Auditor' }).click();
    await admin.getByText('Role Granted').first().waitFor();
  });

  it('an auditor passes axe on /audit and on the audit trail at /admin', async () => {
    await auditor.goto(`${journey.server.baseUrl}/audit`);
    await auditor.getByRole('heading', { level: 1, name: 'Audit' }).waitFor();
    await auditor.waitForLoadState('networkidle');
    await expectNoAxeViolations(auditor, '/audit');

    await auditor.goto(`${journey.server.baseUrl}/admin`);
    await auditor.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    await auditor.waitForLoadState('networkidle');
    await expectNoAxeViolations(auditor, 'the audit trail at /admin');
  });
});
