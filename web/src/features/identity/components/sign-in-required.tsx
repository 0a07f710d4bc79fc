import { useEffect } from 'react';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { handleUnauthorized } from '../../../lib/api-client';

/**
 * What a signed-out visitor gets on a members' page (docs/product.md, Screens and Roles): the
 * 'Unauthorized' toast, then sign-in after 500 ms.
 */
export function SignInRequired() {
  // The cleanup cancels the pending navigation, so StrictMode's second run navigates once.
  useEffect(() => handleUnauthorized(), []);
  return <FullPageSpinner />;
}
