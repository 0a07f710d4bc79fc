import { z } from 'zod';

// Field rules shared by the identity forms, with the messages of docs/product.md, Rules, so the
// browser says what the server would before a request is sent.
export const MIN_PASSWORD_LENGTH = 8;

export const emailField = z.email({ error: 'Invalid email address' });
export const newPasswordField = z.string().min(MIN_PASSWORD_LENGTH, { error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` });
export const PASSWORDS_DONT_MATCH = "Passwords don't match";
