import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetPosition } from '../lib/read-position';
import { removeToast } from '../lib/toast-store';

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
