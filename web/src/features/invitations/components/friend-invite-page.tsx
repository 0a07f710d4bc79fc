import { GroupInvitePage } from './group-invite-page';

const FRIENDS_BENEFITS = [
  'Private group discussions with your friends',
  'Vote on topics',
  'Real-time chat',
  'Create and discuss topics',
] as const;

/** /friend-invite/<token>: signed in or out; accepting keeps the member here, now shown accepted. */
export function FriendInvitePage({ token }: { token: string }) {
  return (
    <GroupInvitePage
      kind="friends"
      token={token}
      title="Friends Group Invitation"
      benefits={FRIENDS_BENEFITS}
      joinedDescription="You have successfully joined the friends group."
    />
  );
}
