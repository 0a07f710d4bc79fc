/**
 * What a person reads on the home page (`/?authError=…`) after a sign-in did not work.
 * They say what happened and what to do, never which check failed in detail.
 */
export const oidcMessages = {
  notConfigured: (label: string) => `${label} sign-in is not configured on this server.`,
  unavailable: (label: string) => `${label} sign-in is unavailable right now. Please try again later.`,
  cancelled: (label: string) => `${label} sign-in was cancelled.`,
  providerError: (label: string) => `${label} could not sign you in. Please try again.`,
  /** Unknown, used, expired or tampered state, or a callback that reached another browser. */
  invalidFlow: (label: string) => `This ${label} sign-in link is no longer valid. Please start again.`,
  failed: (label: string) => `${label} sign-in could not be completed. Please try again.`,
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
};

export const authErrorLocation = (message: string) => `/?authError=${encodeURIComponent(message)}`;
