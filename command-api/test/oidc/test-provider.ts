import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import Provider from 'oidc-provider';
import { startTestServer, type TestServer } from '../../../test-support/test-server';

/** The claims a test account releases (besides `sub`, which is its login name). */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface TestProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /**
   * true: e-mail and names travel in the ID token (as Google does); false: only in the
   * userinfo response (oidc-provider's strict default), so the relying party must ask for it.
   */
  claimsInIdToken: boolean;
  /** Listen here instead of a random port (to bring up a provider that was missing). */
  port?: number;
}

export interface TestProvider {
  issuer: string;
  /** Accounts by subject; the dev login page signs in whatever login name is typed. */
  accounts: Map<string, TestAccount>;
  /** When set, every ID token the token endpoint returns is rewritten by it and re-signed with the provider's key. */
  tamperIdToken: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (for a server whose own URL must be known before it starts). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function resign(idToken: string, key: KeyObject, change: (claims: Record<string, unknown>) => Record<string, unknown>): string {
  const [header, payload] = idToken.split('.');
  const claims = change(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>);
  const signingInput = `${header}.${base64url(JSON.stringify(claims))}`;
  return `${signingInput}.${base64url(sign('sha256', Buffer.from(signingInput), key))}`;
}

/**
 * A real OpenID provider (oidc-provider with its development login and consent pages) on
 * 127.0.0.1, with one confidential client registered for our callbacks.
 */
export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  // Listen first: the issuer identifier contains the port.
  let handle: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Our own signing key, so a test can forge a token the provider would have signed.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const accounts = new Map<string, TestAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, sub: string) {
      return { accountId: sub, claims: async () => ({ sub, ...accounts.get(sub) }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'picture'] },
    conformIdTokenClaims: !options.claimsInIdToken,
    cookies: { keys: ['civitas-test-provider-cookie-key'] },
    // Explicit lifetimes (seconds) keep the provider from printing a notice for each default.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-signing-key', alg: 'RS256', use: 'sig' }] },
    features: { devInteractions: { enabled: true } },
  });

  const testProvider: TestProvider = {
    issuer,
    accounts,
    tamperIdToken: null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    const tamper = testProvider.tamperIdToken;
    if (tamper && ctx.path === '/token' && typeof body?.id_token === 'string') {
      ctx.body = { ...body, id_token: resign(body.id_token, privateKey, tamper) };
    }
  });
  handle = provider.callback();
  return testProvider;
}

/**
 * A test server whose "Continue with Google" goes to a provider of its own (claims in the ID
 * token). The server's port is chosen first: the provider must know the callback up front.
 */
export async function startServerWithGoogle(): Promise<{ google: TestProvider; server: TestServer }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const google = await startTestProvider({
    clientId: 'civitas-google',
    clientSecret: 'google-secret',
    redirectUris: [`${baseUrl}/api/auth/google/callback`],
    claimsInIdToken: true,
  });
  const server = await startTestServer({
    env: {
      PORT: String(port),
      PUBLIC_BASE_URL: baseUrl,
      GOOGLE_ISSUER_URL: google.issuer,
      GOOGLE_CLIENT_ID: 'civitas-google',
      GOOGLE_CLIENT_SECRET: 'google-secret',
    },
  });
  return { google, server };
}
