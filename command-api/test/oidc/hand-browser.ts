/**
 * A browser driven by hand: follows redirects one at a time, keeps cookies per host (as a
 * browser keeps them per site), and fills in oidc-provider's development login and consent
 * forms. Lets a test stop at the callback and change, replay or move it.
 */
export class HandBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookie(url: string, name: string): string | undefined {
    return this.jars.get(new URL(url).host)?.get(name);
  }

  async request(url: URL | string, form?: Record<string, string>): Promise<Response> {
    const target = new URL(url);
    const jar = this.jars.get(target.host) ?? new Map<string, string>();
    this.jars.set(target.host, jar);
    const response = await fetch(target, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(jar.size ? { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0(;|$)/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /**
   * From our sign-in route through the provider's pages, signing in as `login` (or pressing
   * Cancel), up to the provider's redirect back to us, which is returned unvisited.
   */
  async toCallback(startUrl: string, login: string | { cancel: true }): Promise<URL> {
    const ourOrigin = new URL(startUrl).origin;
    let current = new URL(startUrl);
    let response = await this.request(current);
    for (let step = 0; step < 20; step += 1) {
      if (response.status >= 300 && response.status < 400) {
        const next = new URL(response.headers.get('location')!, current);
        if (next.origin === ourOrigin) return next;
        current = next;
        response = await this.request(current);
        continue;
      }
      if (response.status !== 200) throw new Error(`Unexpected ${response.status} at ${current.pathname}: ${await response.text()}`);
      const page = await response.text();
      if (typeof login !== 'string') {
        const abort = /href="([^"]*\/abort)"/.exec(page);
        if (!abort) throw new Error('No cancel link on the provider page');
        current = new URL(abort[1]!.replaceAll('&amp;', '&'), current);
        response = await this.request(current);
        continue;
      }
      const action = /<form[^>]*action="([^"]+)"/.exec(page);
      if (!action) throw new Error(`No form on the provider page ${current.pathname}`);
      const fields: Record<string, string> = page.includes('name="login"') ? { prompt: 'login', login, password: 'any password' } : { prompt: 'consent' };
      current = new URL(action[1]!.replaceAll('&amp;', '&'), current);
      response = await this.request(current, fields);
    }
    throw new Error('Too many redirects');
  }

  /** Visits the callback; returns where our server sends the browser next. */
  async finish(callback: URL): Promise<string> {
    const response = await this.request(callback);
    if (response.status !== 302) throw new Error(`Callback answered ${response.status}: ${await response.text()}`);
    return response.headers.get('location')!;
  }
}

export const authErrorOf = (location: string): string | null => new URL(location, 'http://x').searchParams.get('authError');
