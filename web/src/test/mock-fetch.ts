import { vi } from 'vitest';

export type Route = (request: { url: string; init: RequestInit | undefined }) => Response | undefined;

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

/** Replaces global fetch; the first route that answers wins, anything else is a 404. */
export function mockFetch(...routes: Route[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    for (const route of routes) {
      const response = route({ url, init });
      if (response) return response;
    }
    return new Response('Not Found', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * mockFetch, except that requests to `heldUrl` wait until the test releases them: for what a
 * screen shows meanwhile. Gives the mock serving every other request, the held requests'
 * inits, and `release`, which answers the latest held request.
 */
export function mockFetchHolding(heldUrl: string, ...routes: Route[]) {
  const served = mockFetch(...routes);
  const held: RequestInit[] = [];
  let answer: (response: Response) => void = () => {};
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (input !== heldUrl) return served(input, init);
    held.push(init ?? {});
    return new Promise<Response>((resolve) => {
      answer = resolve;
    });
  });
  return { served, held, release: (response: Response) => answer(response) };
}

type FetchCall = [input: RequestInfo | URL, init?: RequestInit];
type FetchMockLike = { mock: { calls: FetchCall[] } };

const requestLine = ([url, init]: FetchCall) => `${init?.method ?? 'GET'} ${String(url)}`;

/** The requests a mocked fetch received, as "METHOD url". */
export function requestsOf(fetchMock: FetchMockLike): string[] {
  return fetchMock.mock.calls.map(requestLine);
}

/** The requests (url and init) a mocked fetch received for one method and URL. */
export function requestsTo(fetchMock: FetchMockLike, method: string, url: string): FetchCall[] {
  return fetchMock.mock.calls.filter((call) => requestLine(call) === `${method} ${url}`);
}
