import { z } from 'zod';
import { VerificationStatus } from '../verification/verification.contract';
import { Role } from './user.events';

/**
 * A cookie the browser's scripts may read, set and cleared with the session: while it is
 * absent the web app takes the visitor as signed out without asking GET /api/auth/user,
 * which answers 401 to visitors (docs/decisions.md, Identity). It holds nothing secret.
 */
export const SIGNED_IN_HINT_COOKIE = 'civitas_signed_in';

/** GET /api/auth/user: the user's client view (docs/product.md, Data); features fill in their fields as they land. */
export const AuthUser = z.object({
  id: z.string(),
  email: z.string(),
  /** The member proved the address (its mailed link, or a provider that vouches for it). */
  emailVerified: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  aboutMe: z.string().nullable(),
  city: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
  isSubscribed: z.boolean(),
  subscriptionPlan: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  subscriptionStartDate: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  participationScore: z.number().int(),
  isBanned: z.boolean(),
  banReason: z.string().nullable(),
  bannedAt: z.string().nullable(),
  /** True once any nationality is approved; country is the first approved one, nationalId its id (the owner's own), masked by `maskNationalId`. */
  isVerified: z.boolean(),
  country: z.string().nullable(),
  nationalId: z.string().nullable(),
  verifications: z.array(
    z.object({
      id: z.string(),
      country: z.string(),
      status: VerificationStatus,
      isVerified: z.boolean(),
    }),
  ),
  roles: z.array(Role),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The OpenID providers Civitas can sign in with, in the order the landing page offers them. */
export const SIGN_IN_PROVIDERS = ['google', 'replit'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/** GET /api/auth/providers: the sign-in providers this server has a registration with. */
export const SignInProviders = z.object({ providers: z.array(z.enum(SIGN_IN_PROVIDERS)) });
export type SignInProviders = z.infer<typeof SignInProviders>;
