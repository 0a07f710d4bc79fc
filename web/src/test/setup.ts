import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetPosition } from '../lib/read-position';
import { removeToast } from '../lib/toast-store';

// The suite shares two cores with the server tests and browser journeys: a busy machine must
// not turn a slow render into a failure, so lookups wait up to 5 s (a missing element still fails).
configure({ asyncUtilTimeout: 5000 });

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetPosition();
  removeToast();
  // Ways back after sign-in and carried positions live in session storage.
  sessionStorage.clear();
});
