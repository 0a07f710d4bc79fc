import { useTranslation } from 'react-i18next';
import { GroupInvitePage } from './group-invite-page';

const BUSINESS_BENEFITS = ['discussions', 'vote', 'elections', 'chat'] as const;

/**
 * /business-invite/<token> (beyond the original specification, which gave business links no page; docs/product.md, Screens: Invitation pages): the
 * friends page's states, then on to the group like a family acceptance.
 */
export function BusinessInvitePage({ token }: { token: string }) {
  const { t } = useTranslation('invitations');
  return (
    <GroupInvitePage
      kind="business"
      token={token}
      title={t('businessPage.title')}
      benefits={BUSINESS_BENEFITS.map((benefit) => t(`businessPage.benefits.${benefit}`))}
      joinedDescription={t('businessPage.joined')}
      destinationAfterAccept={(groupId) => `/group/${groupId}`}
    />
  );
}
