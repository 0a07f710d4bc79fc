import { lazy, type ComponentType } from 'react';

/**
 * Every page but the visitor's landing page, the sign-in prompt and the 404 loads on demand
 * (issue #17: the landing page's initial JavaScript stays within 250 kB gzip). Pages keep their
 * named exports; `preload` starts a page's download before it renders.
 */
function lazyPage<P extends ComponentType<any>>(load: () => Promise<P>) {
  const page = lazy(() => load().then((component) => ({ default: component })));
  return Object.assign(page, { preload: () => void load() });
}

export const DashboardPage = lazyPage(() => import('./routes/dashboard/dashboard-page').then((m) => m.DashboardPage));
export const GroupPage = lazyPage(() => import('./routes/group/group-page').then((m) => m.GroupPage));
export const TopicPage = lazyPage(() => import('./routes/topic/topic-page').then((m) => m.TopicPage));
export const ProfilePage = lazyPage(() => import('./routes/profile/profile-page').then((m) => m.ProfilePage));
export const AdminPage = lazyPage(() => import('./routes/admin/admin-page').then((m) => m.AdminPage));
export const AuditPage = lazyPage(() => import('./routes/audit/audit-page').then((m) => m.AuditPage));

export const LawsPage = lazyPage(() => import('../features/laws/components/laws-page').then((m) => m.LawsPage));
export const SubscribePage = lazyPage(() =>
  import('../features/subscriptions/components/subscribe-page').then((m) => m.SubscribePage),
);
export const SubscriptionReturnPage = lazyPage(() =>
  import('../features/subscriptions/components/subscription-return-page').then((m) => m.SubscriptionReturnPage),
);
export const SandboxCheckoutPage = lazyPage(() =>
  import('../features/subscriptions/components/sandbox-checkout-page').then((m) => m.SandboxCheckoutPage),
);

export const LogoutPage = lazyPage(() => import('../features/identity/components/logout-page').then((m) => m.LogoutPage));
export const ResetPasswordPage = lazyPage(() =>
  import('../features/identity/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
export const VerifyEmailPage = lazyPage(() =>
  import('../features/identity/components/verify-email-page').then((m) => m.VerifyEmailPage),
);

export const FamilyInvitePage = lazyPage(() =>
  import('../features/invitations/components/family-invite-page').then((m) => m.FamilyInvitePage),
);
export const FriendInvitePage = lazyPage(() =>
  import('../features/invitations/components/friend-invite-page').then((m) => m.FriendInvitePage),
);
export const BusinessInvitePage = lazyPage(() =>
  import('../features/invitations/components/business-invite-page').then((m) => m.BusinessInvitePage),
);

export const SitemapPage = lazyPage(() => import('../pages/sitemap-page').then((m) => m.SitemapPage));
export const TermsPage = lazyPage(() => import('../pages/terms-page').then((m) => m.TermsPage));
export const PrivacyPage = lazyPage(() => import('../pages/privacy-page').then((m) => m.PrivacyPage));
