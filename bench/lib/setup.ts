import { TestClient, registration } from '../../test-support/http-client';

/** The body of an answer that must have this status (a bench's setup stops on anything else). */
export async function expectStatus(what: string, response: Response, status: number): Promise<any> {
  const body = await response.json().catch(() => null);
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${JSON.stringify(body)}`);
  return body;
}

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

/** A member registered through the API (argon2 makes it slow on purpose), signed in on its client. */
export async function registerMember(baseUrl: string, email: string): Promise<{ client: TestClient; userId: string }> {
  const client = new TestClient(baseUrl);
  const answer = await expectStatus('register', await client.post('/api/email-auth/register', registration(email)), 201);
  return { client, userId: answer.user.id as string };
}

/** Verifies the member as a citizen of `country`: its national group's eligibility check reads that from the member's stream. */
export async function verifyCitizen(client: TestClient, country: string, nationalId: string): Promise<void> {
  const verified = await client.post('/api/user/verify', { country, nationalId });
  if (verified.status >= 300) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
}

/** A monthly subscription through the sandbox payment (opening topics in national groups needs one). */
export async function subscribe(client: TestClient, baseUrl: string): Promise<void> {
  const payment = await expectStatus('sandbox payment', await client.post('/api/create-sandbox-payment', { planId: 'civic_participation_monthly', returnUrl: `${baseUrl}/x` }), 200);
  await expectStatus('complete payment', await client.post(`/api/payments/sandbox/${payment.paymentId}/complete`, {}), 200);
}
