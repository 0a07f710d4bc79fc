import { z } from 'zod';
import { CommandReply } from '@civitas/events';

/** The spec's schemas (section 5) with their exact messages; the server enforces them. */
const email = z.string({ error: 'Invalid email address' }).trim().pipe(z.email('Invalid email address').max(254, 'Invalid email address'));
// Long passphrases are welcome (no truncation); the cap only stops hashing megabytes.
const newPassword = z.string({ error: 'Password must be at least 8 characters' }).min(8, 'Password must be at least 8 characters').max(1024, 'Password must be at most 1024 characters');
const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, `${message.split(' ')[0]} name is too long`);

export const RegisterBody = z
  .object({
    email,
    password: newPassword,
    confirmPassword: z.string({ error: "Passwords don't match" }),
    firstName: name('First name is required'),
    lastName: name('Last name is required'),
  })
  .refine((body) => body.password === body.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const LoginBody = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Invalid email or password'),
});

export const ForgotPasswordBody = z.object({ email });

export const ResetPasswordBody = z
  .object({
    token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200, 'Token is required'),
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
