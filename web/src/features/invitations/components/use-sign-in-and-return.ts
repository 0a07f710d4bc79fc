import { useLocation } from 'wouter';
import { rememberReturnAfterSignIn } from '../../../lib/return-after-sign-in';
import { SIGN_IN_OPTIONS_PATH } from '../../../lib/auth-paths';

/** To the sign-in options, coming back to this invitation once signed in. */
export function useSignInAndReturn(): () => void {
  const [location, navigate] = useLocation();
  return () => {
    rememberReturnAfterSignIn(location);
    navigate(SIGN_IN_OPTIONS_PATH);
  };
}
