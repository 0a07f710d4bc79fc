import { lazy, type ComponentType } from 'react';
import { preloadTexts } from '../i18n';

/**
 * Every page but the visitor's landing page, the sign-in prompt and the 404 loads on demand
 * (issue #17: the landing page's initial JavaScript stays within 250 kB gzip). Pages keep their
 * named exports; `preload` starts a page's download before it renders.
 */
function lazyPage<P extends ComponentType<any>>(load: () => Promise<P>) {
  const page = lazy(() => load().then((component) => ({ default: component })));
  return Object.assign(page, { preload: () => void load() });
}

// Each page's texts load with its code (the dashboard also shows the groups catalogue, the invitation dialogs and
// the quick actions' topic, delegate and election dialogs; the group page its topics and leadership election;
// the terms page quotes the plans' prices from the 'subscriptions' texts).
export const DashboardPage = lazyPage(() =>
  Promise.all([
    import('./routes/dashboard/dashboard-page'),
    preloadTexts(['dashboard', 'groups', 'invitations', 'topics', 'delegation', 'elections', 'accountPages', 'subscriptions', 'verification', 'moderation']),
  ]).then(([m]) => m.DashboardPage),
);
export const GroupPage = lazyPage(() =>
  Promise.all([import('./routes/group/group-page'), preloadTexts(['groups', 'invitations', 'topics', 'elections', 'verification', 'moderation'])]).then(([m]) => m.GroupPage),
);
export const TopicPage = lazyPage(() =>
  Promise.all([
    import('./routes/topic/topic-page'),
    preloadTexts(['topics', 'opinions', 'voting', 'chat', 'elections', 'delegation', 'moderation', 'audit']),
  ]).then(([m]) => m.TopicPage),
);
export const ProfilePage = lazyPage(() =>
  Promise.all([import('./routes/profile/profile-page'), preloadTexts(['profile', 'subscriptions', 'verification'])]).then(([m]) => m.ProfilePage),
);
export const AdminPage = lazyPage(() =>
  Promise.all([import('./routes/admin/admin-page'), preloadTexts(['admin', 'audit', 'verification', 'moderation'])]).then(([m]) => m.AdminPage),
);
export const AuditPage = lazyPage(() =>
  Promise.all([import('./routes/audit/audit-page'), preloadTexts(['audit', 'topics'])]).then(([m]) => m.AuditPage),
);

export const LawsPage = lazyPage(() =>
  Promise.all([import('../features/laws/components/laws-page'), preloadTexts(['laws', 'topics'])]).then(([m]) => m.LawsPage),
);
export const SubscribePage = lazyPage(() =>
  Promise.all([import('../features/subscriptions/components/subscribe-page'), preloadTexts(['subscriptions'])]).then(([m]) => m.SubscribePage),
);
export const SubscriptionReturnPage = lazyPage(() =>
  Promise.all([import('../features/subscriptions/components/subscription-return-page'), preloadTexts(['subscriptions'])]).then(
    ([m]) => m.SubscriptionReturnPage,
  ),
);
export const SandboxCheckoutPage = lazyPage(() =>
  Promise.all([import('../features/subscriptions/components/sandbox-checkout-page'), preloadTexts(['subscriptions'])]).then(
    ([m]) => m.SandboxCheckoutPage,
  ),
);

// The pages a mailed link or a sign-out opens: their texts are not bundled with the landing page's.
export const LogoutPage = lazyPage(() =>
  Promise.all([import('../features/identity/components/logout-page'), preloadTexts(['accountPages'])]).then(([m]) => m.LogoutPage),
);
export const ResetPasswordPage = lazyPage(() =>
  Promise.all([import('../features/identity/components/reset-password-page'), preloadTexts(['accountPages'])]).then(
    ([m]) => m.ResetPasswordPage,
  ),
);
export const VerifyEmailPage = lazyPage(() =>
  Promise.all([import('../features/identity/components/verify-email-page'), preloadTexts(['accountPages'])]).then(
    ([m]) => m.VerifyEmailPage,
  ),
);

export const FamilyInvitePage = lazyPage(() =>
  Promise.all([import('../features/invitations/components/family-invite-page'), preloadTexts(['invitations'])]).then(([m]) => m.FamilyInvitePage),
);
export const FriendInvitePage = lazyPage(() =>
  Promise.all([import('../features/invitations/components/friend-invite-page'), preloadTexts(['invitations'])]).then(([m]) => m.FriendInvitePage),
);
export const BusinessInvitePage = lazyPage(() =>
  Promise.all([import('../features/invitations/components/business-invite-page'), preloadTexts(['invitations'])]).then(
    ([m]) => m.BusinessInvitePage,
  ),
);

export const SitemapPage = lazyPage(() =>
  Promise.all([import('../pages/sitemap-page'), preloadTexts(['staticPages'])]).then(([m]) => m.SitemapPage),
);
export const TermsPage = lazyPage(() =>
  Promise.all([import('../pages/terms-page'), preloadTexts(['staticPages', 'subscriptions'])]).then(([m]) => m.TermsPage),
);
export const PrivacyPage = lazyPage(() =>
  Promise.all([import('../pages/privacy-page'), preloadTexts(['staticPages'])]).then(([m]) => m.PrivacyPage),
);
