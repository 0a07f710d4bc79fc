import { z } from 'zod';
import { CommandReply, secretText } from '@civitas/events';
import { SignInReply } from './identity.schemas';

export const VerifyEmailBody = z.object({
  token: secretText({ field: 'Token', required: 'Token is required' }).min(1, 'Token is required').max(200, 'Token is required'),
});
export const VerifyEmailReply = CommandReply.extend({ message: z.string() });

/** `verificationUrl` only with EXPOSE_MAIL_LINKS (local development): the link the mail carries. */
export const ResendVerificationReply = z.object({ message: z.string(), verificationUrl: z.string().optional() });
export const RegisterReply = SignInReply.extend({ verificationUrl: z.string().optional() });
