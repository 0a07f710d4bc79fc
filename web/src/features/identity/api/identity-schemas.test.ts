import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RegisterInput } from './register';
import { ResetPasswordInput } from './reset-password';
import { ForgotPasswordInput } from './forgot-password';

const messages = (result: { error?: z.ZodError }) => result.error?.issues.map((issue) => issue.message) ?? [];

const validRegistration = {
  email: 'amina@example.com',
  password: 'long enough',
  confirmPassword: 'long enough',
  firstName: 'Amina',
  lastName: 'Haddad',
};

describe('registration schema', () => {
  it('accepts a complete registration, trimming names and e-mail', () => {
    expect(RegisterInput.parse({ ...validRegistration, email: ' amina@example.com ', firstName: ' Amina ' })).toEqual(validRegistration);
  });

  it.each([
    [{ email: 'amina@' }, 'Invalid email address'],
    [{ password: '1234567', confirmPassword: '1234567' }, 'Password must be at least 8 characters'],
    [{ confirmPassword: 'something else' }, "Passwords don't match"],
    [{ firstName: '  ' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
  ])('refuses %o with "%s"', (change, message) => {
    expect(messages(RegisterInput.safeParse({ ...validRegistration, ...change }))).toEqual([message]);
  });

  it('accepts a password of exactly 8 characters', () => {
    expect(RegisterInput.safeParse({ ...validRegistration, password: '12345678', confirmPassword: '12345678' }).success).toBe(true);
  });
});

describe('reset-password schema', () => {
  it.each([
    [{ token: '' }, 'Token is required'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ confirmPassword: 'another one' }, "Passwords don't match"],
  ])('refuses %o with "%s"', (change, message) => {
    const valid = { token: 'abc', password: 'long enough', confirmPassword: 'long enough' };
    expect(messages(ResetPasswordInput.safeParse({ ...valid, ...change }))).toEqual([message]);
  });
});

describe('forgot-password schema', () => {
  it('wants a valid e-mail', () => {
    expect(messages(ForgotPasswordInput.safeParse({ email: 'nobody' }))).toEqual(['Invalid email address']);
    expect(ForgotPasswordInput.parse({ email: ' amina@example.com ' })).toEqual({ email: 'amina@example.com' });
  });
});
