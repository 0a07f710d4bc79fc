import { TestClient, registration, uniqueEmail } from './http-client';

/*
 * Member setup through the API, shared by the API tests and the bench. It imports no vitest
 * (the bench runs under tsx), so a setup call that must succeed throws instead of asserting.
 */

/**
 * The body of an answer that must have this status (JSON, or null if it has none). Anything else
 * throws, naming the step, the status and the body, so a failed setup says where it stopped.
 */
export async function expectStatus(what: string, response: Response, status: number): Promise<any> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${text || '(empty body)'}`);
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export interface RegisteredMember {
  client: TestClient;
  userId: string;
  email: string;
}

/** A member registered through the API (argon2 makes it slow on purpose), signed in on its own client. */
export async function registerMember(
  baseUrl: string,
  { email = uniqueEmail(), firstName = 'Ada', lastName = 'Lovelace' }: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<RegisteredMember> {
  const client = new TestClient(baseUrl);
  const answer = await expectStatus('register', await client.post('/api/email-auth/register', { ...registration(email), firstName, lastName }), 201);
  return { client, userId: answer.user.id as string, email: answer.user.email as string };
}

/** Verifies the member as a citizen of `country`: its national group's eligibility check reads that from the member's stream. */
export async function verifyCitizen(client: TestClient, country: string, nationalId: string): Promise<void> {
  await expectStatus('verify', await client.post('/api/user/verify', { country, nationalId }), 200);
}

/** Pays the monthly plan through the sandbox, as the checkout page does (opening topics in national groups needs it). */
export async function subscribeMonthly(client: TestClient, baseUrl: string): Promise<void> {
  const payment = await expectStatus('sandbox payment', await client.post('/api/create-sandbox-payment', { planId: 'civic_participation_monthly', returnUrl: `${baseUrl}/subscribe/return` }), 200);
  await expectStatus('complete payment', await client.post(`/api/payments/sandbox/${payment.paymentId}/complete`, {}), 200);
}
