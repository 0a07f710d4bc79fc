import { SIGNED_IN_HINT_COOKIE } from '@civitas/events';

/**
 * Apps a test builds in-process (command-app.ts): a client of one of their base URLs sends through
 * `app.inject` instead of a socket, so the helpers that take a base URL work on them unchanged.
 */
const inProcess = new Map<string, typeof fetch>();

/** Routes requests for `baseUrl` to `send` until the returned function is called. */
export function serveInProcess(baseUrl: string, send: typeof fetch): () => void {
  inProcess.set(baseUrl, send);
  return () => void inProcess.delete(baseUrl);
}

/**
 * A tiny browser stand-in for API tests: keeps cookies, sends JSON, carries the newest
 * command position as X-Civitas-Position like the web client does.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  position: string | null = null;

  constructor(readonly baseUrl: string) {}

  /** The session cookie (the one that is not the signed-in marker). */
  get session(): { name: string; token: string } {
    const found = [...this.cookies].find(([name]) => name !== SIGNED_IN_HINT_COOKIE);
    if (!found) throw new Error('no session cookie');
    return { name: found[0], token: found[1] };
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const send = inProcess.get(this.baseUrl) ?? fetch;
    const response = await send(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...(method === 'GET' && this.position ? { 'x-civitas-position': this.position } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    if (method !== 'GET' && response.headers.get('content-type')?.includes('application/json')) {
      const clone = (await response
        .clone()
        .json()
        .catch(() => null)) as { position?: string | null } | null;
      if (clone?.position && (!this.position || clone.position > this.position)) this.position = clone.position;
    }
    return response;
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body, headers);

  async json<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.request(method, path, body);
    return { status: response.status, body: (await response.json()) as T };
  }
}

let counter = 0;
export const uniqueEmail = (prefix = 'member') => `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@example.org`;

export const registration = (email = uniqueEmail(), password = 'correct horse battery staple') => ({
  email,
  password,
  confirmPassword: password,
  firstName: 'Ada',
  lastName: 'Lovelace',
});
