import pino, { type LoggerOptions } from 'pino';

/** Keys whose values are personal data or secrets, wherever they appear in a log object. */
const SECRET_KEYS = [
  'password',
  'confirmPassword',
  'hashedPassword',
  'email',
  'nationalId',
  'token',
  'resetUrl',
  'sid',
  'cookie',
  'authorization',
  'firstName',
  'lastName',
  'secret',
];

export const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

// Invitation and reset links carry tokens in the path: long opaque segments are masked.
const OPAQUE_SEGMENT = /\/[A-Za-z0-9_-]{20,}(?=\/|$|\?)/g;

export function maskUrl(url: string): string {
  const [path, query] = url.split('?', 2);
  const masked = path!.replace(OPAQUE_SEGMENT, '/[redacted]');
  return query === undefined ? masked : `${masked}?[redacted]`;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      // The client address (behind the gateway, the one it saw) and the member, never cookies or bodies.
      req: (request: { method?: string; url?: string; id?: string; ip?: string }) => ({
        method: request.method,
        url: request.url && maskUrl(request.url),
        id: request.id,
        remoteAddress: request.ip,
      }),
      res: (reply: { statusCode?: number; request?: { ip?: string; memberId?: string | null } }) => ({
        statusCode: reply.statusCode,
        remoteAddress: reply.request?.ip,
        memberId: reply.request?.memberId ?? null,
      }),
    },
  };
}

export const createLogger = (level: string, destination?: pino.DestinationStream) => pino(loggerOptions(level), destination);
export type Logger = pino.Logger;
