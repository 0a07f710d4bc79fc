/** Query keys of the verification feature; the admin one is the panel's composition contract. */
export const MY_VERIFICATIONS_URL = '/api/user/verifications';
export const MY_VERIFICATIONS_KEY = [MY_VERIFICATIONS_URL] as const;
export const ADMIN_VERIFICATIONS_KEY = ['admin', 'verifications'] as const;
export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;
export const LEADER_VERIFICATIONS_KEY = ['leader', 'verifications'] as const;
