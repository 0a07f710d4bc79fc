import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { handleUnauthorized } from '../../../lib/api-client';

/**
 * What a signed-out visitor gets on a members' page (docs/product.md, Screens and Roles): the
 * 'Unauthorized' toast, then sign-in after 500 ms; signed in, the member comes back to this page
 * (a deep link to a topic ends on the topic, not the dashboard).
 */
export function SignInRequired() {
  const [location] = useLocation();
  const search = useSearch();
  // The cleanup cancels the pending navigation, so StrictMode's second run navigates once.
  useEffect(() => handleUnauthorized(undefined, search ? `${location}?${search}` : location), []);
  return <FullPageSpinner />;
}
