import type { Page } from 'playwright-core';

const DAY_MS = 86_400_000;

/**
 * The server's clock for a journey: real time plus an offset the test moves forward. Given to the
 * test server as `now`, it is the time commands, sessions and the scheduler read, so moving it past
 * a topic's expiry makes the topic-closing reactor (closeExpiredTopics, run by the scheduler with
 * `now()`) close the topic on its next tick: time travels, nobody waits for it.
 */
export class ServerClock {
  private offsetMs = 0;

  readonly now = (): Date => new Date(Date.now() + this.offsetMs);

  travelDays(days: number): void {
    this.offsetMs += days * DAY_MS;
  }
}

/** Server settings for a journey whose clock travels: sessions outlive the trip, the scheduler ticks often. */
export const TIME_TRAVEL_ENV = {
  SCHEDULER_INTERVAL_SECONDS: '0.5',
  SESSION_IDLE_TIMEOUT_MINUTES: '1000000',
  SESSION_ABSOLUTE_TIMEOUT_HOURS: '100000',
};

/**
 * Reloads the topic page until the server has closed the topic (its header then says 'Closed').
 * The scheduler closes a topic within a tick of its expiry plus the closing grace.
 */
export async function awaitTopicClosed(page: Page, topicUrl: string, title: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto(topicUrl);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const header = page.getByRole('region', { name: title });
    if ((await header.getByText('Closed', { exact: true }).count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`The topic at ${topicUrl} did not close within ${timeoutMs} ms`);
    await page.waitForTimeout(500);
  }
}
