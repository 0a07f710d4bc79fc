import type { Page } from 'playwright-core';

/** The dashboard's verify-identity card, its dialog, and the Verification Complete toast. */
export async function verifyThroughUi(page: Page, country: string, nationalId: string): Promise<void> {
  const card = page.getByRole('region', { name: 'Verify Your Identity' });
  await card.getByRole('button', { name: 'Verify Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Your Identity' });
  await dialog.getByLabel(/^Country/).fill(country);
  await page.getByRole('option', { name: country, exact: true }).click();
  await dialog.getByLabel(/^National ID \/ Passport/).fill(nationalId);
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.getByText('Verification Complete').first().waitFor();
  await page.getByRole('region', { name: 'Identity Verified' }).waitFor();
}

/** From the dashboard's upgrade card through the sandbox checkout, back to the dashboard. */
export async function subscribeThroughUi(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('region', { name: 'Upgrade to Premium' }).getByRole('link', { name: 'Subscribe Now' }).click();
  await page.getByRole('article', { name: 'Civic Participation (monthly)' }).getByRole('button', { name: 'Subscribe (sandbox)' }).click();
  await page.waitForURL(/\/checkout\/sandbox\/[^/]+$/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('heading', { name: 'Subscription active' }).waitFor();
  await page.goto(baseUrl + '/');
  await page.getByRole('region', { name: 'Premium Active' }).waitFor();
}

/** On a group page: Create Topic, the dialog, then the new topic's page. Returns the topic id. */
export async function createTopicThroughUi(page: Page, title: string, description: string, days?: number): Promise<string> {
  await page.getByRole('button', { name: 'Create Topic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Topic' });
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Description/).fill(description);
  if (days !== undefined) await dialog.getByLabel(/^Duration \(days\)/).fill(String(days));
  await dialog.getByRole('button', { name: 'Create Topic' }).click();
  await page.getByText('Topic created successfully!').first().waitFor();
  await page.waitForURL(/\/topic\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return page.url().split('/').pop()!;
}
