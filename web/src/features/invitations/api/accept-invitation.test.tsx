import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/api-client';
import { makeLookup } from '../../../test/invite-page-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { useAcceptInvitation } from './accept-invitation';
import { invitationQueryKey } from './get-invitation';

describe('useAcceptInvitation', () => {
  it('posts without a body, then marks the lookup accepted and invalidates the groups list, the joined group and the member', async () => {
    const fetchMock = mockFetch(({ url, init }) =>
      url === '/api/friends/invite/tok%2Fen/accept' && init?.method === 'POST'
        ? jsonResponse({ position: '0000000000000001-0000000000000002', groupId: 10043 })
        : undefined,
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(['/api/groups'], []);
    queryClient.setQueryData(['/api/groups', 10043], {});
    queryClient.setQueryData(['/api/groups', 10099], {});
    queryClient.setQueryData(['/api/auth/user'], null);
    queryClient.setQueryData(invitationQueryKey('friends', 'tok/en'), makeLookup());
    queryClient.setQueryData(['/api/topics', 'unrelated'], {});
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

    const { result } = renderHook(() => useAcceptInvitation('friends', 'tok/en'), { wrapper });
    await act(() => result.current.mutateAsync());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(result.current.data).toEqual({ position: '0000000000000001-0000000000000002', groupId: 10043 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: undefined });
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(['/api/groups'])).toBe(true);
    expect(invalidated(['/api/groups', 10043])).toBe(true);
    expect(invalidated(['/api/groups', 10099])).toBe(false);
    expect(invalidated(['/api/auth/user'])).toBe(true);
    expect(invalidated(['/api/topics', 'unrelated'])).toBe(false);
    expect(queryClient.getQueryData(invitationQueryKey('friends', 'tok/en'))).toMatchObject({ status: 'accepted' });
  });
});
