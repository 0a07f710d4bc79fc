import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BanReply } from '@civitas/events/moderation/ban.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { ADMIN_AUDIT_KEY } from './admin-feedback';
import { ADMIN_MEMBERS_KEY } from './admin-members';

export interface BanChange {
  userId: string;
  action: 'ban' | 'unban';
  /** Required to ban (the member is told it); optional to lift a ban. */
  reason: string;
}

/** POST /api/admin/users/<id>/ban {reason} or /unban {reason?}. */
export async function changeBan({ userId, action, reason }: BanChange): Promise<BanReply> {
  const url = `/api/admin/users/${encodeURIComponent(userId)}/${action}`;
  const response = await apiRequest('POST', url, action === 'ban' ? { reason } : { reason: reason.trim() || null });
  return parseResponse(response, BanReply, `POST /api/admin/users/<id>/${action}`);
}

export function useChangeBan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBan,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_MEMBERS_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY })]),
  });
}
