import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { UpdateProfileBody, UpdateProfileReply, type UpdateProfileInput } from '@civitas/events/profiles/profile.contract';
import { apiRequest } from '../../../lib/api-client';
import { refreshCurrentUser } from '../../../lib/api/get-current-user';
import { toastCommandError } from '../../../lib/command-error-toast';
import { parseResponse } from '../../../lib/parse-response';
import { i18n } from '../../../i18n';
import { toast } from '../../../lib/toast-store';
import { profileQueryOptions } from './get-profile';

export { UpdateProfileBody, type UpdateProfileInput };

const UPDATE_PROFILE_URL = '/api/user/profile';

/** docs/product.md, Calls: PUT /api/user/profile with the profile's fields as JSON. */
export async function updateProfile(body: UpdateProfileInput): Promise<UpdateProfileReply> {
  const response = await apiRequest('PUT', UPDATE_PROFILE_URL, body);
  return parseResponse(response, UpdateProfileReply, `PUT ${UPDATE_PROFILE_URL}`);
}

/** After a save or a new picture: the member (GET /api/auth/user is refreshed after a profile save: docs/product.md, Calls) and the profile page. */
export const refreshAfterProfileChange = (queryClient: QueryClient) =>
  Promise.all([refreshCurrentUser(queryClient), queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey })]);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await refreshAfterProfileChange(queryClient);
      toast({ title: i18n.t('profile:toasts.profileUpdated') });
    },
    onError: (error) => toastCommandError(error, i18n.t('profile:toasts.profileUpdateFailed')),
  });
}
