import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountSecurity } from '@civitas/events/profiles/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';

export { AccountSecurity };

export const ACCOUNT_SECURITY_URL = '/api/user/account-security';

/** Whether the account has a password, and the member's signed-in sessions (the Settings dialog). */
export async function fetchAccountSecurity(signal?: AbortSignal): Promise<AccountSecurity> {
  const response = await apiRequest('GET', ACCOUNT_SECURITY_URL, undefined, { signal });
  return parseResponse(response, AccountSecurity, `GET ${ACCOUNT_SECURITY_URL}`);
}

export function accountSecurityQueryOptions() {
  return queryOptions({
    queryKey: [ACCOUNT_SECURITY_URL],
    // Sessions come and go on other devices: each opening of the dialog reads them again.
    refetchOnMount: 'always',
    queryFn: ({ signal }) => fetchAccountSecurity(signal),
  });
}

export function useAccountSecurity(enabled = true) {
  return useQuery({ ...accountSecurityQueryOptions(), enabled });
}
