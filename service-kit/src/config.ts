import { parseWitnessKey, type WitnessKey } from '@civitas/events/audit/cosignature';
import type { SignInProvider } from '@civitas/events/identity/auth-user';
import { z } from 'zod';
import { decodeVaultKey } from './vault-key-text';

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url().optional(),
  /** A streaming replica of DATABASE_URL: query-api reads its read models there (commands, sessions and events stay on the primary). */
  READ_DATABASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin used in links and for the allowed-origin check; defaults to http://localhost:PORT. */
  PUBLIC_BASE_URL: z.url().optional(),
  /** E-mails that become admins at sign-up, or at start if already registered. */
  ADMIN_EMAILS: z.string().default(''),
  /** Multiplies the sign-in rate limits (1 = the defaults); for load tests and test suites. */
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /** Behind the gateway: trust exactly one proxy hop, taking the client address from the last X-Forwarded-For entry. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .positive()
    .default(24 * 60),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce
    .number()
    .positive()
    .default(14 * 24),
  /** Mail transport; while unset, mails are written to DATA_DIR/mail. */
  SMTP_URL: z.string().optional(),
  /** Development only: API answers carry the links mails carry (reset, e-mail verification). Refused over https. */
  EXPOSE_MAIL_LINKS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  MOYASAR_API_URL: z.url().default('https://api.moyasar.com/v1'),
  MOYASAR_SECRET_KEY: z.string().optional(),
  /** The secret_token configured on the Moyasar webhook. */
  MOYASAR_WEBHOOK_SECRET: z.string().optional(),
  /** The no-network sandbox provider (anyone subscribes for free): for development and tests only. */
  PAYMENT_SANDBOX: z.enum(['on', 'off'], { error: "must be 'on' or 'off' ('auto' is gone: the sandbox never turns itself on)" }).default('off'),
  /** Key of the keyed hash that keeps national ids unique per country; made and kept in the database when unset. */
  NATIONAL_ID_HASH_KEY: z.string().min(32, 'NATIONAL_ID_HASH_KEY must have at least 32 characters').optional(),
  /** The vault's key-encryption key (32 bytes, hex or base64); else DATA_DIR/vault.key, which only the embedded database makes by itself. */
  VAULT_KEY: z
    .string()
    .refine((value) => decodeVaultKey(value) !== null, 'VAULT_KEY must be 32 bytes: 64 hex characters or base64')
    .optional(),
  /** A separate query-api process sends the live socket's chat frames to command-api here (the all-in-one process calls itself). */
  COMMAND_API_URL: z.url().optional(),
  /** How often reactors look for due work (subscription expiry, topic closing). */
  SCHEDULER_INTERVAL_SECONDS: z.coerce.number().positive().default(30),
  /** The hour (UTC) notification digests go out: daily ones every day, weekly ones on Mondays (docs/decisions.md, Notification mail). */
  NOTIFICATION_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  /**
   * Witnesses asked to cosign each checkpoint (c2sp.org/tlog-witness), comma-separated, each
   * `<verifier key>@<submission prefix>`: `witness.example/w1+1a2b3c4d+BASE64@https://witness.example/w1`.
   */
  WITNESSES: z
    .string()
    .default('')
    .transform((value, context) => {
      const witnesses: Array<WitnessKey & { url: string }> = [];
      for (const entry of value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const at = entry.lastIndexOf('@');
        const key = at > 0 ? parseWitnessKey(entry.slice(0, at)) : null;
        const url = at > 0 ? entry.slice(at + 1) : '';
        if (!key || !/^https?:\/\/\S+$/.test(url)) {
          context.addIssue({ code: 'custom', message: `each witness is <verifier key>@<http(s) submission prefix>: ${entry.slice(0, 80)}` });
          return z.NEVER;
        }
        witnesses.push({ ...key, url: url.replace(/\/$/, '') });
      }
      return witnesses;
    }),
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  REPLIT_ISSUER_URL: z.url().default('https://replit.com/oidc'),
  REPLIT_CLIENT_ID: z.string().optional(),
  REPLIT_CLIENT_SECRET: z.string().optional(),
});

export type Config = z.infer<typeof ConfigSchema> & {
  publicBaseUrl: string;
  adminEmails: string[];
  /** The payment providers this server offers, in the order pages list them. */
  paymentProviders: Array<'moyasar' | 'sandbox'>;
  /** The sign-in providers registered here (client id and secret both set), in the order the landing page lists them. */
  signInProviders: SignInProvider[];
};

/** The only place that reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const publicBaseUrl = (parsed.data.PUBLIC_BASE_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/$/, '');
  if (parsed.data.PAYMENT_SANDBOX === 'on' && publicBaseUrl.startsWith('https://')) {
    // An https address means real members: a free subscription button must never reach them.
    throw new Error(
      'Invalid configuration: PAYMENT_SANDBOX: the sandbox payment provider is for development only and cannot be on with an https PUBLIC_BASE_URL',
    );
  }
  if (parsed.data.READ_DATABASE_URL && !parsed.data.DATABASE_URL) {
    // A replica streams from a primary the processes also reach; the embedded database has none.
    throw new Error('Invalid configuration: READ_DATABASE_URL: a read replica needs its primary in DATABASE_URL');
  }
  if (parsed.data.EXPOSE_MAIL_LINKS && publicBaseUrl.startsWith('https://')) {
    // A mailed link in an API answer lets anyone reset anyone's password: never where real members are.
    throw new Error(
      'Invalid configuration: EXPOSE_MAIL_LINKS: mailed links in API answers are for local development only and cannot be on with an https PUBLIC_BASE_URL',
    );
  }
  return {
    ...parsed.data,
    publicBaseUrl,
    paymentProviders: paymentProvidersOf(parsed.data),
    signInProviders: [
      ...(parsed.data.GOOGLE_CLIENT_ID && parsed.data.GOOGLE_CLIENT_SECRET ? (['google'] as const) : []),
      ...(parsed.data.REPLIT_CLIENT_ID && parsed.data.REPLIT_CLIENT_SECRET ? (['replit'] as const) : []),
    ],
    adminEmails: parsed.data.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  };
}

function paymentProvidersOf(settings: z.infer<typeof ConfigSchema>): Config['paymentProviders'] {
  const moyasar = Boolean(settings.MOYASAR_SECRET_KEY && settings.MOYASAR_WEBHOOK_SECRET);
  const sandbox = settings.PAYMENT_SANDBOX === 'on';
  return [...(moyasar ? (['moyasar'] as const) : []), ...(sandbox ? (['sandbox'] as const) : [])];
}
