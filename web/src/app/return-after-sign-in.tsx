import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { takeReturnAfterSignIn } from '../lib/return-after-sign-in';

/**
 * Signed in and landing at / (a provider's sign-in ends there): continue where sign-in was
 * asked for (an invitation), once. Only on arrival, never on later visits to /. E-mail sign-in
 * takes the way back itself (useCompleteSignIn).
 */
export function ReturnAfterSignIn() {
  const [location, navigate] = useLocation();
  const [arrivedAt] = useState(location);
  useEffect(() => {
    if (arrivedAt !== '/') return;
    const path = takeReturnAfterSignIn();
    if (path && path !== '/') navigate(path, { replace: true });
  }, [arrivedAt, navigate]);
  return null;
}
