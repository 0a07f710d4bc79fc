import { z } from 'zod';

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin used in links and for the allowed-origin check; defaults to http://localhost:PORT. */
  PUBLIC_BASE_URL: z.url().optional(),
});

export type Config = z.infer<typeof ConfigSchema> & { publicBaseUrl: string };

/** The only place that reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return { ...parsed.data, publicBaseUrl: parsed.data.PUBLIC_BASE_URL ?? `http://localhost:${parsed.data.PORT}` };
}
