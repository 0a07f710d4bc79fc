import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RoleChangeReply } from '@civitas/events/moderation/roles.contract';
import { apiRequest } from '../../../lib/api-client';
import { parseResponse } from '../../../lib/parse-response';
import { ADMIN_AUDIT_KEY } from './admin-feedback';
import { ADMIN_MEMBERS_KEY } from './admin-members';

export type Role = RoleChangeReply['roles'][number];

export interface RoleChange {
  userId: string;
  role: Role;
  action: 'grant' | 'revoke';
  reason: string;
}

/** POST /api/admin/users/<id>/roles grants, DELETE /api/admin/users/<id>/roles/<role> revokes; a blank reason is none. */
export async function changeRole({ userId, role, action, reason }: RoleChange): Promise<RoleChangeReply> {
  const base = `/api/admin/users/${encodeURIComponent(userId)}/roles`;
  const body = { ...(action === 'grant' ? { role } : {}), reason: reason.trim() || null };
  const response = action === 'grant' ? await apiRequest('POST', base, body) : await apiRequest('DELETE', `${base}/${role}`, body);
  return parseResponse(response, RoleChangeReply, action === 'grant' ? `POST ${base}` : `DELETE ${base}/<role>`);
}

/** The members list and the audit trail are read again after each change (section 7: refetched after each admin mutation). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_MEMBERS_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY })]),
  });
}
