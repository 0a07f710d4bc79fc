import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies, reset links, invitation links. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens and identifiers are stored and keyed only by this hash. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
