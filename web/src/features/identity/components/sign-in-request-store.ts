import { create } from 'zustand';

interface SignInRequestState {
  /** Grows with every request, so repeated clicks each bring the panel back into view. */
  requests: number;
}

/** UI state only: the header's Sign In asks the landing page to show its sign-in panel. */
export const useSignInRequestStore = create<SignInRequestState>()(() => ({ requests: 0 }));

export function requestSignInPanel(): void {
  useSignInRequestStore.setState(({ requests }) => ({ requests: requests + 1 }));
}
