import { Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Route, Switch, useLocation } from 'wouter';
import { FullPageSpinner } from '../components/full-page-spinner';
import { mayBeSignedIn, useCurrentUser, type AuthUser } from '../lib/api/get-current-user';
import { LandingPage } from '../features/identity/components/landing-page';
import { PendingInvitation } from './pending-invitation';
import { SignInRequired } from '../features/identity/components/sign-in-required';
import { NotFoundPage } from '../pages/not-found-page';
import { prefetchFirstPage } from './first-visit-prefetch';
import { ReturnAfterSignIn } from './return-after-sign-in';
import { SessionUnreachable } from './session-unreachable';
import {
  AdminPage,
  AuditPage,
  BusinessInvitePage,
  DashboardPage,
  FamilyInvitePage,
  FriendInvitePage,
  GroupPage,
  LawsPage,
  LogoutPage,
  NotificationsPage,
  PrivacyPage,
  ProfilePage,
  ResetPasswordPage,
  SandboxCheckoutPage,
  SearchPage,
  SitemapPage,
  SubscribePage,
  SubscriptionReturnPage,
  TermsPage,
  TopicPage,
  UnsubscribePage,
  VerifyEmailPage,
} from './route-pages';
import { PROFILE_SETTINGS_PATH } from './routes/profile/profile-paths';

/**
 * Members' routes (docs/product.md, Screens). A signed-out visitor on one of them is sent to sign
 * in; any other unknown path is a plain 404 for everyone. /admin shows the panel to admins
 * (the audit trail to auditors) and a 'not allowed' page to other members.
 */
const MEMBER_ONLY_PATHS = [
  '/group/:id',
  '/topic/:id',
  '/laws/:groupId',
  '/search',
  '/notifications',
  '/profile',
  '/subscribe',
  // Where the payment provider sends the member back, and the sandbox's checkout.
  '/subscribe/return',
  '/checkout/sandbox/:paymentId',
  '/admin',
  '/audit',
  '/sitemap',
];

/**
 * Pages that work signed in and out: the mailed verification link (its token leaves the address
 * bar once read, hence the optional segment), the sign-out confirmation and a mail's unsubscribe page.
 */
function accountRoutes() {
  return [
    <Route key="verify-email" path="/verify-email/:token?">
      {(params) => <VerifyEmailPage token={params.token} />}
    </Route>,
    <Route key="logout" path="/logout" component={LogoutPage} />,
    <Route key="unsubscribe" path="/unsubscribe">
      {() => <UnsubscribePage settingsPath={PROFILE_SETTINGS_PATH} />}
    </Route>,
  ];
}

/** Invitation links work signed in and out: each page shows the visitor what signing in is for. */
function invitationRoutes() {
  return [
    <Route key="family" path="/family-invite/:token">
      {(params) => <FamilyInvitePage token={params.token} />}
    </Route>,
    <Route key="friends" path="/friend-invite/:token">
      {(params) => <FriendInvitePage token={params.token} />}
    </Route>,
    <Route key="business" path="/business-invite/:token">
      {(params) => <BusinessInvitePage token={params.token} />}
    </Route>,
  ];
}

function VisitorRoutes() {
  return (
    <Switch>
      <Route path="/">{() => <LandingPage signInNotice={<PendingInvitation />} />}</Route>
      <Route path="/terms" component={TermsPage} />
      <Route path="/privacy" component={PrivacyPage} />
      <Route path="/reset-password/:token?">{(params) => <ResetPasswordPage token={params.token} />}</Route>
      {accountRoutes()}
      {invitationRoutes()}
      {MEMBER_ONLY_PATHS.map((path) => (
        <Route key={path} path={path} component={SignInRequired} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

function MemberRoutes({ user }: { user: AuthUser }) {
  return (
    <>
      <ReturnAfterSignIn />
      <Switch>
        <Route path="/">
          <DashboardPage user={user} />
        </Route>
        <Route path="/group/:id">{(params) => <GroupPage id={params.id} />}</Route>
        <Route path="/topic/:id">{(params) => <TopicPage id={params.id} />}</Route>
        <Route path="/laws/:groupId">{(params) => <LawsPage groupId={params.groupId} />}</Route>
        <Route path="/search" component={SearchPage} />
        <Route path="/notifications" component={NotificationsPage} />
        <Route path="/profile">
          <ProfilePage user={user} />
        </Route>
        <Route path="/subscribe">
          <SubscribePage user={user} />
        </Route>
        <Route path="/subscribe/return" component={SubscriptionReturnPage} />
        <Route path="/checkout/sandbox/:paymentId">{(params) => <SandboxCheckoutPage paymentId={params.paymentId} />}</Route>
        <Route path="/admin">
          <AdminPage user={user} />
        </Route>
        <Route path="/audit">
          <AuditPage user={user} />
        </Route>
        <Route path="/sitemap" component={SitemapPage} />
        <Route path="/terms" component={TermsPage} />
        <Route path="/privacy" component={PrivacyPage} />
        {/* A reset link works signed in too (e.g. opened from the mail on this device). */}
        <Route path="/reset-password/:token?">{(params) => <ResetPasswordPage token={params.token} />}</Route>
        {accountRoutes()}
        {invitationRoutes()}
        <Route component={NotFoundPage} />
      </Switch>
    </>
  );
}

/** A page's code arrives on demand: the same 'Loading...' shows until it has. */
function PageLoader({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

export function AppRoutes() {
  const { user, isPending, sessionUnknown, error, isFetching, refetch } = useCurrentUser();
  const [location] = useLocation();
  const queryClient = useQueryClient();
  const retry = useCallback(() => void refetch(), [refetch]);
  // First page of the visit only: later navigations load their page as they render.
  useEffect(() => {
    if (mayBeSignedIn()) prefetchFirstPage(queryClient, location);
  }, []);
  // docs/product.md, Screens: while authentication status loads, a full-page 'Loading...'.
  if (isPending) return <FullPageSpinner />;
  if (sessionUnknown && error) return <SessionUnreachable error={error} retrying={isFetching} onRetry={retry} />;
  return <PageLoader>{user ? <MemberRoutes user={user} /> : <VisitorRoutes />}</PageLoader>;
}
