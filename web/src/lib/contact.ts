/** The one support address the footer and the legal pages quote. */
export const SUPPORT_EMAIL = 'support@civitas.app';
