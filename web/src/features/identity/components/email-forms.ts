// The e-mail sign-in views, gathered so they load as one chunk: only members who open the e-mail card need
// their fields and validation (issue #17: about 20 kB gzip off the landing page's first load).
export { EmailAuthCard } from './email-auth-card';
export { ForgotPasswordView } from './forgot-password-view';
