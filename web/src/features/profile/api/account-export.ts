/**
 * GET /api/user/export: a JSON download of everything the platform holds about the member. The
 * browser fetches it itself (a link with the session cookie), so the file lands in its downloads.
 */
export const ACCOUNT_EXPORT_URL = '/api/user/export';
