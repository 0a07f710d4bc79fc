import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_IMAGE_FIELD, ProfileImageReply } from '@civitas/events/profiles/profile.contract';
import { apiRequest } from '../../../lib/api-client';
import { toastCommandError } from '../../../lib/command-error-toast';
import { parseResponse } from '../../../lib/parse-response';
import { errorStatus } from '../../../lib/server-message';
import { i18n } from '../../../i18n';
import { toast } from '../../../lib/toast-store';
import { refreshAfterProfileChange } from './update-profile';

const UPLOAD_URL = '/api/user/profile-image';

/** docs/product.md, Calls: multipart with the file in `profileImage`; the answer gives profileImageUrl. */
export async function uploadProfileImage(image: Blob): Promise<ProfileImageReply> {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, image, 'profile.jpg');
  const response = await apiRequest('POST', UPLOAD_URL, form);
  return parseResponse(response, ProfileImageReply, `POST ${UPLOAD_URL}`);
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: () => refreshAfterProfileChange(queryClient),
    onError: (error) => {
      // The server's cap, said as the client says it (section 5).
      if (errorStatus(error) === 413) {
        toast({ title: i18n.t('profile:edit.tooLargeTitle'), description: i18n.t('profile:edit.tooLarge'), variant: 'destructive' });
        return;
      }
      toastCommandError(error, i18n.t('profile:edit.uploadFailed'));
    },
  });
}
