import { useLocation } from 'wouter';
import { rememberReturnAfterSignIn } from '../../../lib/return-after-sign-in';
import { SIGN_IN_OPTIONS_PATH } from '../../../lib/auth-paths';

/** The landing page's panel opened on Create Account (an invitee is most often new here). */
export const CREATE_ACCOUNT_PATH = '/?signup=1';

/** To the sign-in options (or Create Account), coming back to this invitation once signed in. */
export function useSignInAndReturn(): (to?: 'signIn' | 'createAccount') => void {
  const [location, navigate] = useLocation();
  return (to = 'signIn') => {
    rememberReturnAfterSignIn(location);
    navigate(to === 'createAccount' ? CREATE_ACCOUNT_PATH : SIGN_IN_OPTIONS_PATH);
  };
}
