import type { TestClient } from '../../test-support/http-client';
import { registerMember as register } from '../../test-support/members';

// The member setup calls are shared with the API tests; the bench keeps its own names for them.
export { expectStatus, verifyCitizen, subscribeMonthly as subscribe } from '../../test-support/members';

/** Makes `count` things, `concurrency` at a time (registrations: argon2 hashing makes them slow). */
export async function inBatches<T>(count: number, concurrency: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = new Array(count);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const index = next++;
      made[index] = await make(index);
    }
  }));
  return made;
}

/** A member registered through the API under `email`, signed in on its client. */
export async function registerMember(baseUrl: string, email: string): Promise<{ client: TestClient; userId: string }> {
  return register(baseUrl, { email });
}
