// Server routes the browser navigates to (full page loads, never fetches): the server
// sets or clears the session cookie and redirects back into the app.
export { LOGIN_PATH } from '../../../lib/ui-constants';
export const LOGOUT_PATH = '/api/logout';
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';
export const REPLIT_SIGN_IN_PATH = '/api/auth/replit';

/** Where /api/login lands, and where the reset page sends the member to sign in. */
export const SIGN_IN_OPTIONS_PATH = '/?signin=1';
