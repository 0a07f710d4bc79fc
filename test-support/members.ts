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

/** What the setup calls need of a client: a JSON POST answered as a fetch Response (a TestClient, or a browser page's own requests). */
export interface ApiPoster {
  post(path: string, body?: unknown): Promise<Response>;
}

export interface RegisteredMember {
  client: TestClient;
  userId: string;
  email: string;
}

export interface Registration {
  email?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
}

/** Registers through the API on `poster`, which is then signed in as the member (argon2 makes it slow on purpose). */
export async function registerThrough(
  poster: ApiPoster,
  { email = uniqueEmail(), firstName = 'Ada', lastName = 'Lovelace', password }: Registration = {},
): Promise<{ userId: string; email: string }> {
  const answer = await expectStatus('register', await poster.post('/api/email-auth/register', { ...registration(email, password), firstName, lastName }), 201);
  return { userId: answer.user.id as string, email: answer.user.email as string };
}

/** A member registered through the API, signed in on its own client. */
export async function registerMember(baseUrl: string, details: Registration = {}): Promise<RegisteredMember> {
  const client = new TestClient(baseUrl);
  return { client, ...(await registerThrough(client, details)) };
}

/** Verifies the member as a citizen of `country`: its national group's eligibility check reads that from the member's stream. */
export async function verifyCitizen(client: ApiPoster, country: string, nationalId: string): Promise<void> {
  await expectStatus('verify', await client.post('/api/user/verify', { country, nationalId }), 200);
}

/** Pays the monthly plan through the sandbox, as the checkout page does (opening topics in national groups needs it). */
export async function subscribeMonthly(client: ApiPoster, baseUrl: string): Promise<void> {
  const payment = await expectStatus(
    'sandbox payment',
    await client.post('/api/create-sandbox-payment', { planId: 'civic_participation_monthly', returnUrl: `${baseUrl}/subscribe/return` }),
    200,
  );
  await expectStatus('complete payment', await client.post(`/api/payments/sandbox/${payment.paymentId}/complete`, {}), 200);
}
