import type { InvitationKind } from '@civitas/events/invitations/invitation.events';

// Kept apart from the invitation pages: the landing page's sign-in panel reads it, and must not load them.
const INVITATION_PATH = /^\/(family|friend|business)-invite\/([^/?#]+)$/;
const KINDS = { family: 'family', friend: 'friends', business: 'business' } as const satisfies Record<string, InvitationKind>;

/** The invitation a site path opens (`/friend-invite/<token>`), if it is one. */
export function invitationInPath(path: string | null): { kind: InvitationKind; token: string } | null {
  const match = path === null ? null : INVITATION_PATH.exec(path);
  if (!match) return null;
  return { kind: KINDS[match[1] as keyof typeof KINDS], token: decodeURIComponent(match[2]!) };
}
