import { lazy, type ComponentType } from 'react';
import { preloadTexts, type Namespace as TextNamespace } from '../i18n';

/**
 * Every page but the visitor's landing page, the sign-in prompt and the 404 loads on demand
 * (issue #17: the landing page's initial JavaScript stays within 250 kB gzip). Pages keep their
 * named exports; `preload` starts a page's download before it renders.
 */
function lazyPage<P extends ComponentType<any>>(loadCode: () => Promise<P>, texts: readonly TextNamespace[]) {
  const load = () => Promise.all([loadCode(), preloadTexts(texts)]).then(([component]) => component);
  const page = lazy(() => load().then((component) => ({ default: component })));
  return Object.assign(page, { preload: () => void load() });
}

// Each page's texts load with its code (the dashboard also shows the groups catalogue, the invitation dialogs and
// the quick actions' topic, delegate and election dialogs; the group page its topics and leadership election;
// the terms page quotes the plans' prices from the 'subscriptions' texts).
export const DashboardPage = lazyPage(
  () => import('./routes/dashboard/dashboard-page').then((m) => m.DashboardPage),
  ['dashboard', 'groups', 'invitations', 'topics', 'delegation', 'elections', 'accountPages', 'subscriptions', 'verification', 'moderation'],
);
export const GroupPage = lazyPage(
  () => import('./routes/group/group-page').then((m) => m.GroupPage),
  ['groups', 'invitations', 'topics', 'elections', 'verification', 'moderation'],
);
export const TopicPage = lazyPage(
  () => import('./routes/topic/topic-page').then((m) => m.TopicPage),
  ['topics', 'opinions', 'voting', 'chat', 'elections', 'delegation', 'moderation', 'audit'],
);
export const ProfilePage = lazyPage(
  () => import('./routes/profile/profile-page').then((m) => m.ProfilePage),
  ['profile', 'subscriptions', 'verification', 'notifications'],
);
export const AdminPage = lazyPage(() => import('./routes/admin/admin-page').then((m) => m.AdminPage), ['admin', 'audit', 'verification', 'moderation']);
export const AuditPage = lazyPage(() => import('./routes/audit/audit-page').then((m) => m.AuditPage), ['audit', 'topics']);

export const LawsPage = lazyPage(() => import('../features/laws/components/laws-page').then((m) => m.LawsPage), ['laws', 'topics']);
export const SearchPage = lazyPage(() => import('../features/search/components/search-page').then((m) => m.SearchPage), ['search']);
// 'topics' words the time left before a topic closes.
export const NotificationsPage = lazyPage(
  () => import('../features/notifications/components/notifications-page').then((m) => m.NotificationsPage),
  ['notifications', 'topics'],
);
export const SubscribePage = lazyPage(() => import('../features/subscriptions/components/subscribe-page').then((m) => m.SubscribePage), ['subscriptions']);
export const SubscriptionReturnPage = lazyPage(
  () => import('../features/subscriptions/components/subscription-return-page').then((m) => m.SubscriptionReturnPage),
  ['subscriptions'],
);
export const SandboxCheckoutPage = lazyPage(
  () => import('../features/subscriptions/components/sandbox-checkout-page').then((m) => m.SandboxCheckoutPage),
  ['subscriptions'],
);

// The pages a mailed link or a sign-out opens: their texts are not bundled with the landing page's.
export const LogoutPage = lazyPage(() => import('../features/identity/components/logout-page').then((m) => m.LogoutPage), ['accountPages']);
export const ResetPasswordPage = lazyPage(
  () => import('../features/identity/components/reset-password-page').then((m) => m.ResetPasswordPage),
  ['accountPages'],
);
export const VerifyEmailPage = lazyPage(() => import('../features/identity/components/verify-email-page').then((m) => m.VerifyEmailPage), ['accountPages']);
export const UnsubscribePage = lazyPage(
  () => import('../features/notifications/components/unsubscribe-page').then((m) => m.UnsubscribePage),
  ['notifications'],
);

export const FamilyInvitePage = lazyPage(
  () => import('../features/invitations/components/family-invite-page').then((m) => m.FamilyInvitePage),
  ['invitations'],
);
export const FriendInvitePage = lazyPage(
  () => import('../features/invitations/components/friend-invite-page').then((m) => m.FriendInvitePage),
  ['invitations'],
);
export const BusinessInvitePage = lazyPage(
  () => import('../features/invitations/components/business-invite-page').then((m) => m.BusinessInvitePage),
  ['invitations'],
);

export const SitemapPage = lazyPage(() => import('../pages/sitemap-page').then((m) => m.SitemapPage), ['staticPages']);
export const TermsPage = lazyPage(() => import('../pages/terms-page').then((m) => m.TermsPage), ['staticPages', 'subscriptions']);
export const PrivacyPage = lazyPage(() => import('../pages/privacy-page').then((m) => m.PrivacyPage), ['staticPages']);
