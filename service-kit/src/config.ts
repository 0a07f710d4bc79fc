import { z } from 'zod';

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin used in links and for the allowed-origin check; defaults to http://localhost:PORT. */
  PUBLIC_BASE_URL: z.url().optional(),
  /** E-mails that become admins at sign-up, or at start if already registered. */
  ADMIN_EMAILS: z.string().default(''),
  /** Multiplies the sign-in rate limits (1 = the defaults); for load tests and test suites. */
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /** Behind the gateway: take the client address from X-Forwarded-For. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().positive().default(24 * 60),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce.number().positive().default(14 * 24),
  /** Mail transport; while unset, password-reset answers carry the link (local use). */
  SMTP_URL: z.string().optional(),
  GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  REPLIT_ISSUER_URL: z.url().default('https://replit.com/oidc'),
  REPLIT_CLIENT_ID: z.string().optional(),
  REPLIT_CLIENT_SECRET: z.string().optional(),
});

export type Config = z.infer<typeof ConfigSchema> & { publicBaseUrl: string; adminEmails: string[] };

/** The only place that reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return {
    ...parsed.data,
    publicBaseUrl: (parsed.data.PUBLIC_BASE_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/$/, ''),
    adminEmails: parsed.data.ADMIN_EMAILS.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean),
  };
}
