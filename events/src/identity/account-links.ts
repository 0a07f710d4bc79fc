/**
 * The links identity mails out and how long they work: identity issues them, the mail outbox
 * writes them and says how long they last, so both read them here.
 */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** The page a reset link opens, with its token. */
export const resetPasswordLink = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/reset-password/${token}`;
/** A verification link works for a day (and only while it is the account's newest). */
export const VERIFICATION_TOKEN_TTL_MS = 24 * 3_600_000;
/** The page a verification link opens, with its token. */
export const verifyEmailLink = (publicBaseUrl: string, token: string) => `${publicBaseUrl}/verify-email/${token}`;
