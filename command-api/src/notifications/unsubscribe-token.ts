import { NOTIFICATION_TYPES, type NotificationType } from '@civitas/events';
import { platformSecret } from '@civitas/service-kit/personal-data';
import type { QueryExecutorProvider } from 'kysely';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The platform secret the links are signed with (platform_secrets, wrapped by the vault key). */
export const UNSUBSCRIBE_SECRET = 'notification-unsubscribe-key';

const VERSION = 'u1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A base64url HMAC-SHA256: 32 bytes. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const KNOWN_TYPES = new Set<string>(NOTIFICATION_TYPES);

export interface UnsubscribeGrant {
  userId: string;
  /** The types the link turns off, in NOTIFICATION_TYPES order. */
  types: NotificationType[];
}

/** The types in one order, once each, so one grant has one token. */
const canonical = (types: readonly NotificationType[]) => NOTIFICATION_TYPES.filter((type) => types.includes(type));

/**
 * A mail's one-click unsubscribe link (RFC 8058): `u1.<member id>.<types>.<HMAC-SHA256>`, signed over
 * everything before the signature. It needs no sign-in and never expires (it can only turn mail off),
 * and it changes only what it names: another member, another type or a changed byte fails the check.
 * The member id and types travel in clear so the page can say what the link turns off; they are no
 * secret of anyone's but the mail's reader.
 */
export class UnsubscribeTokens {
  constructor(private readonly key: Buffer) {}

  static async open(db: QueryExecutorProvider): Promise<UnsubscribeTokens> {
    return new UnsubscribeTokens(await platformSecret(db, UNSUBSCRIBE_SECRET));
  }

  sign(userId: string, types: readonly NotificationType[]): string {
    const payload = `${VERSION}.${userId}.${canonical(types).join(',')}`;
    return `${payload}.${this.signature(payload).toString('base64url')}`;
  }

  /** The grant a token carries, or null when it is malformed or its signature is not ours for exactly these contents. */
  verify(token: string): UnsubscribeGrant | null {
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [version, userId, typeList, signature] = parts as [string, string, string, string];
    if (version !== VERSION || !UUID.test(userId) || !SIGNATURE.test(signature)) return null;
    const types = typeList.split(',');
    if (types.length === 0 || !types.every((type) => KNOWN_TYPES.has(type))) return null;
    const named = types as NotificationType[];
    // Only the canonical spelling is signed: the same types in another order or twice are no token of ours.
    if (canonical(named).join(',') !== typeList) return null;
    const given = Buffer.from(signature, 'base64url');
    // A 43-character base64url text may still carry stray low bits: compare its bytes and its spelling.
    if (given.toString('base64url') !== signature) return null;
    if (!timingSafeEqual(given, this.signature(`${version}.${userId}.${typeList}`))) return null;
    return { userId, types: named };
  }

  private signature(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }
}
