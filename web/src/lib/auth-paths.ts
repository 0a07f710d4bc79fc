// Server routes the browser navigates to (full page loads, never fetches): the server
// sets the session cookie and redirects back into the app.
export { LOGIN_PATH } from './ui-constants';
/**
 * Signing out is a POST (through the server's cross-site check), never a navigation: a GET
 * here, which any site can send a browser to, only leads to the /logout page that asks first.
 */
export const LOGOUT_PATH = '/api/logout';
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';
export const REPLIT_SIGN_IN_PATH = '/api/auth/replit';

/** Where /api/login lands, and where the reset page sends the member to sign in. */
export const SIGN_IN_OPTIONS_PATH = '/?signin=1';
