import { Suspense, useEffect, useId, useRef, useState, useTransition, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { scrollBehavior } from '../../../lib/reduced-motion';
import type { EmailAuthTab } from './email-auth-card';
import { EmailAuthCard, ForgotPasswordView, preloadEmailFormsWhenIdle } from './lazy-email-forms';
import { SignInOptions } from './sign-in-options';
import { useSignInRequestStore } from './sign-in-request-store';

type PanelView = 'options' | 'email' | 'forgot';

/**
 * Where focus goes when the member moves between views (WCAG 2.4.3): the button they used is
 * gone, so focus moves into what replaced it — the chosen tab of the e-mail card, the first
 * field of the reset form, and back on 'Sign In with Email' when they return to the options.
 * The e-mail views load on demand: each move is a transition, so the old view stays until the
 * new one has mounted and the focus effect below finds it.
 */
const VIEW_FOCUS: Record<PanelView, string> = {
  options: 'button',
  email: '[role="tab"][aria-selected="true"]',
  forgot: 'input',
};

/**
 * What the landing page's query asks for: /api/login lands on `?signin=1`, and a failed
 * or unconfigured provider sign-in on `?authError=<message>`; both open the panel.
 * `?signup=1` (an invitation's Accept, signed out) opens it on Create Account.
 */
function useSignInQuery() {
  const params = new URLSearchParams(useSearch());
  const authError = params.get('authError')?.trim() || null;
  const wantsSignUp = params.get('signup') === '1';
  return { authError, wantsSignUp, wantsSignIn: params.get('signin') === '1' || authError !== null };
}

/** `notice`: shown above the forms, inside the panel (the app puts a pending invitation there). */
export function SignInPanel({ notice }: { notice?: ReactNode }) {
  const { t } = useTranslation('identity');
  const { authError, wantsSignIn, wantsSignUp } = useSignInQuery();
  const [view, setView] = useState<PanelView>('options');
  const [loadingView, startTransition] = useTransition();
  const [emailTab, setEmailTab] = useState<EmailAuthTab>('signin');
  const [dismissedError, setDismissedError] = useState<string | null>(null);
  const headingId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const viewBox = useRef<HTMLDivElement>(null);
  // Set by the member's own moves only: the first render and the ?signin=1 reveal keep their focus.
  const focusNextView = useRef(false);
  const requests = useSignInRequestStore((state) => state.requests);
  // Requests made before this page mounted were answered by another page (or none).
  const requestsAtMount = useRef(requests);

  const reveal = () => {
    // jsdom has no scrollIntoView; browsers all do.
    panel.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'center' });
    heading.current?.focus({ preventScroll: true });
  };

  useEffect(() => {
    if (wantsSignIn) {
      setView('options');
      reveal();
    }
  }, [wantsSignIn, authError]);

  useEffect(() => {
    if (!wantsSignUp) return;
    setEmailTab('register');
    startTransition(() => setView('email'));
    reveal();
  }, [wantsSignUp]);

  useEffect(() => {
    if (requests !== requestsAtMount.current) reveal();
  }, [requests]);

  // Fetched ahead so that 'Sign In with Email' opens at once (hovering or focusing it fetches too).
  useEffect(() => preloadEmailFormsWhenIdle(), []);

  useEffect(() => {
    if (!focusNextView.current) return;
    focusNextView.current = false;
    viewBox.current?.querySelector<HTMLElement>(VIEW_FOCUS[view])?.focus();
  }, [view]);

  const show = (next: PanelView) => {
    focusNextView.current = true;
    startTransition(() => setView(next));
  };

  const backToSignIn = () => {
    setEmailTab('signin');
    show('email');
  };

  return (
    <Stack spacing={2} ref={panel} component="section" aria-labelledby={headingId} sx={{ scrollMarginTop: 96 }}>
      {authError && authError !== dismissedError && (
        <Alert severity="error" onClose={() => setDismissedError(authError)}>
          {authError}
        </Alert>
      )}
      {notice}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} ref={heading} tabIndex={-1} component="h2" variant="h2" sx={{ mb: 1, outline: 'none' }}>
          {t('panel.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('panel.lead')}
        </Typography>
        <Box ref={viewBox} aria-busy={loadingView}>
          {/* Only shown if a view suspends outside a transition; the moves above keep the old view instead. */}
          <Suspense fallback={<CircularProgress aria-label={t('components.loading', { ns: 'common' })} />}>
            {view === 'options' && <SignInOptions onChooseEmail={() => show('email')} />}
            {view === 'email' && (
              <EmailAuthCard tab={emailTab} onTabChange={setEmailTab} onForgotPassword={() => show('forgot')} onBack={() => show('options')} />
            )}
            {view === 'forgot' && <ForgotPasswordView onBack={backToSignIn} />}
          </Suspense>
        </Box>
      </Paper>
    </Stack>
  );
}
