// Timing constants from docs/product.md, Constants; the toast constants live beside
// the toast store.

/** Delay before a signed-out visitor is sent to sign in, so the toast can be read. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const LOGIN_PATH = '/api/login';

export const TOOLTIP_OPEN_DELAY_MS = 700;
/** Moving between tooltips within this window opens the next one without the delay. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** A copy button says 'Copied!' this long before it reads as before (docs/product.md, Constants). */
export const COPY_CONFIRMATION_RESET_MS = 2000;
