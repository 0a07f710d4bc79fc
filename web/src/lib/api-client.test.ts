import { describe, expect, it, vi } from 'vitest';
import { apiRequest, createQueryClient, handleUnauthorized, isUnauthorizedError } from './api-client';
import { currentPosition, POSITION_HEADER } from './read-position';
import { useToastStore } from './toast-store';
import { jsonResponse, mockFetch } from '../test/mock-fetch';

function headersOf(fetchMock: ReturnType<typeof mockFetch>, call: number): Record<string, string> {
  const init = fetchMock.mock.calls[call]?.[1];
  return (init?.headers ?? {}) as Record<string, string>;
}

describe('apiRequest', () => {
  it('turns a failed response into "<status>: <body>"', async () => {
    mockFetch(() => new Response('Group 9 does not exist', { status: 404, statusText: 'Not Found' }));
    await expect(apiRequest('GET', '/api/groups/9')).rejects.toThrow('404: Group 9 does not exist');
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(() => new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/groups')).rejects.toThrow('503: Service Unavailable');
  });

  it('asks again while the read models catch up with our own write (503 with Retry-After), then gives up', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const fetchMock = mockFetch(({ init }) => {
      if (init?.method === 'POST') return jsonResponse({ position: '0000000000000005-0000000000000042' });
      reads += 1;
      return reads < 3 ? new Response('{"message":"still updating"}', { status: 503, headers: { 'Retry-After': '1' } }) : jsonResponse(['caught up']);
    });
    await apiRequest('POST', '/api/opinions', {});
    const read = apiRequest('GET', '/api/topics/t/opinions');
    await vi.advanceTimersByTimeAsync(2000);
    await expect((await read).json()).resolves.toEqual(['caught up']);
    expect(fetchMock).toHaveBeenCalledTimes(4);

    // Read models that never catch up still end in the error, after three more tries.
    reads = -100;
    const stuck = apiRequest('GET', '/api/topics/t/opinions');
    const outcome = expect(stuck).rejects.toThrow('503: {"message":"still updating"}');
    await vi.advanceTimersByTimeAsync(3000);
    await outcome;
    expect(fetchMock).toHaveBeenCalledTimes(8);
  });

  it('does not repeat a 503 for a read that waited for no write of ours', async () => {
    const fetchMock = mockFetch(() => new Response('down', { status: 503, headers: { 'Retry-After': '1' } }));
    await expect(apiRequest('GET', '/api/groups')).rejects.toThrow('503: down');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends credentials, and a JSON content type only with a body', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await apiRequest('POST', '/api/topics', { title: 'Road safety' });
    await apiRequest('POST', '/api/family/invite/abc/accept');

    const [, withBody] = fetchMock.mock.calls[0]!;
    expect(withBody).toMatchObject({ method: 'POST', credentials: 'include', body: '{"title":"Road safety"}' });
    expect(headersOf(fetchMock, 0)['Content-Type']).toBe('application/json');

    const [, withoutBody] = fetchMock.mock.calls[1]!;
    expect(withoutBody).toMatchObject({ method: 'POST', credentials: 'include', body: undefined });
    expect(headersOf(fetchMock, 1)['Content-Type']).toBeUndefined();
  });

  it('sends a form (an upload) as it is, leaving its multipart type to the browser', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ position: '4' }));
    const form = new FormData();
    form.set('country', 'Egypt');
    await apiRequest('POST', '/api/user/verifications', form);
    expect(fetchMock.mock.calls[0]![1]!.body).toBe(form);
    expect(headersOf(fetchMock, 0)['Content-Type']).toBeUndefined();
  });

  it("adds the caller's own headers to the usual ones", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ position: '3' }));
    const vote = { opinionId: 'o-1', voteType: 'support' };
    await apiRequest('POST', '/api/votes', vote, { headers: { 'Idempotency-Key': 'key-1' } });
    await apiRequest('POST', '/api/votes', vote);

    expect(headersOf(fetchMock, 0)).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1' });
    expect(headersOf(fetchMock, 1)).toEqual({ 'Content-Type': 'application/json' });
  });

  it('sends the highest command position on later reads', async () => {
    const fetchMock = mockFetch(({ init }) =>
      init?.method === 'POST' ? jsonResponse({ id: 7, position: JSON.parse(String(init.body)).position }) : jsonResponse([]),
    );

    await apiRequest('GET', '/api/groups');
    expect(headersOf(fetchMock, 0)[POSITION_HEADER]).toBeUndefined();

    await apiRequest('POST', '/api/opinions', { position: '0000000000000005-0000000000000042' });
    await apiRequest('POST', '/api/opinions', { position: '0000000000000004-0000000000000099' });
    await apiRequest('GET', '/api/groups');

    expect(headersOf(fetchMock, 3)[POSITION_HEADER]).toBe('0000000000000005-0000000000000042');
    // Commands themselves do not wait for read models.
    expect(headersOf(fetchMock, 2)[POSITION_HEADER]).toBeUndefined();
  });

  it('leaves the command response readable by the caller', async () => {
    mockFetch(() => jsonResponse({ id: 3, position: '12' }));
    const response = await apiRequest('POST', '/api/topics', { title: 'x' });
    await expect(response.json()).resolves.toEqual({ id: 3, position: '12' });
    expect(currentPosition()).toBe('12');
  });

  it('ignores command responses without a position or without JSON', async () => {
    mockFetch(
      ({ url }) => (url === '/api/text' ? new Response('done') : undefined),
      () => jsonResponse({ id: 1 }),
    );
    await apiRequest('POST', '/api/text', {});
    await apiRequest('POST', '/api/json', {});
    expect(currentPosition()).toBeNull();
  });
});

describe('unauthorized handling', () => {
  it('recognises a 401 Unauthorized message only', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: Unauthorized'))).toBe(true);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
    expect(isUnauthorizedError(new Error('401: Forbidden'))).toBe(false);
    expect(isUnauthorizedError('401: Unauthorized')).toBe(false);
  });

  it('says so, then goes to sign in after 500 ms', () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    handleUnauthorized(navigate);

    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/api/login');
  });
});

describe('queryClient defaults', () => {
  it('follows docs/product.md, Calls: no retries, no focus or interval refetch, never stale', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    });
  });
});
