import { GroupInvitePage } from './group-invite-page';

const BUSINESS_BENEFITS = [
  'Business discussions with your colleagues',
  'Vote on business decisions',
  'Take part in elections',
  'Real-time chat',
] as const;

/**
 * /business-invite/<token> (beyond the spec, which gives business links no page): the
 * friends page's states, then on to the group like a family acceptance.
 */
export function BusinessInvitePage({ token }: { token: string }) {
  return (
    <GroupInvitePage
      kind="business"
      token={token}
      title="Business Group Invitation"
      benefits={BUSINESS_BENEFITS}
      joinedDescription="You have successfully joined the business group."
      destinationAfterAccept={(groupId) => `/group/${groupId}`}
    />
  );
}
