import { z } from 'zod';
import { CommandReply, secretText, text } from '@civitas/events';

/** The schemas of docs/product.md, Rules, with their exact messages; the server enforces them. */
const email = text({ field: 'Email', required: 'Invalid email address' }).pipe(z.email('Invalid email address').max(254, 'Invalid email address'));
// Long passphrases are welcome (no truncation); the cap only stops hashing megabytes.
const newPassword = secretText({ field: 'Password', required: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(1024, 'Password must be at most 1024 characters');
const name = (field: 'First name' | 'Last name') =>
  text({ field, required: `${field} is required` })
    .min(1, `${field} is required`)
    .max(100, `${field} is too long`);

export const RegisterBody = z
  .object({
    email,
    password: newPassword,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    firstName: name('First name'),
    lastName: name('Last name'),
  })
  .refine((body) => body.password === body.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const LoginBody = z.object({
  email,
  password: secretText({ field: 'Password', required: 'Password is required' }).min(1, 'Password is required').max(1024, 'Invalid email or password'),
});

export const ForgotPasswordBody = z.object({ email });

export const ResetPasswordBody = z
  .object({
    token: secretText({ field: 'Token', required: 'Token is required' }).min(1, 'Token is required').max(200, 'Token is required'),
    password: newPassword,
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((body) => body.password === body.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const SignedInUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  roles: z.array(z.string()),
  isAdmin: z.boolean(),
});

export const SignInReply = CommandReply.extend({ user: SignedInUser });
export const MessageReply = z.object({ message: z.string() });
export const ForgotPasswordReply = z.object({ message: z.string(), resetUrl: z.string().optional() });
