import { ServiceUnavailableError } from '@civitas/events';

/** What a client waits before asking again while the database is away (docs/decisions.md, Operations). */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
export const OUTAGE_MESSAGE = 'Civitas is briefly unavailable. Please try again in a few seconds.';

// Socket failures Node reports while reaching or talking to the server.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPIPE']);
// SQLSTATEs of a server that is going away or cannot take us: admin shutdown, crash shutdown,
// cannot connect now (starting or stopping), too many connections. Class 08 is added below.
const SERVER_GONE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// What node-postgres and pg-pool throw themselves (node_modules/pg/lib/client.js, pg-pool/index.js).
const DRIVER_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
];

/**
 * Whether an error means the database could not be reached or dropped us (an outage), rather
 * than a query it refused. Looks through `cause` and an AggregateError's `errors` (Node's
 * connect to a name with several addresses fails with one).
 */
export const isConnectionFailure = (error: unknown): boolean =>
  inErrorChain(error, ({ code, message }) => {
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    return typeof message === 'string' && DRIVER_MESSAGES.includes(message);
  });

/** Whether `error`, its `cause` or an AggregateError's `errors` (a few levels deep) passes `test`. */
function inErrorChain(error: unknown, test: (error: { code?: unknown; message?: unknown }) => boolean, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (test(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((inner) => inErrorChain(inner, test, depth + 1))) return true;
  return cause !== undefined && inErrorChain(cause, test, depth + 1);
}

/**
 * pg-pool's answer when every client of a full pool stayed busy for its whole connect timeout: the
 * server is there, this process asked more of it than its pool holds (pg-pool/index.js). Not an
 * outage, and no new connection will announce its end.
 */
const POOL_SATURATED = 'timeout exceeded when trying to connect';

export const isPoolSaturation = (error: unknown): boolean => inErrorChain(error, ({ message }) => message === POOL_SATURATED);

/** A saturated pool is said at most this often: it comes and goes with the load, many times a minute. */
const SATURATION_LOG_EVERY_MS = 60_000;

/** The short name of the failure, for the one log line (never its message: it may name the host). */
function failureCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'connection';
}

export interface OutageLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * One process's view of whether its database is reachable, so an outage is logged once when it
 * starts and once when it ends, never once per request or retry. Failures are reported by whoever
 * meets one (the error handler, the background loops); recovery by the pools it watches, on their
 * first new connection after the outage (a health check, a timer's query or a request makes one).
 */
export class DatabaseOutage {
  private down = false;
  private saturationSaidAt = -Infinity;

  constructor(
    private readonly log: OutageLog,
    private readonly clock: () => number = Date.now,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  /**
   * True when `error` is a connection failure or a pool with no client free in time (noted; the
   * caller logs nothing more and answers 503), false for any other error.
   */
  noticed(error: unknown): boolean {
    if (isPoolSaturation(error)) {
      if (this.clock() - this.saturationSaidAt >= SATURATION_LOG_EVERY_MS) {
        this.saturationSaidAt = this.clock();
        this.log.warn({ code: 'pool_saturated' }, 'database connections all in use');
      }
      return true;
    }
    if (!isConnectionFailure(error)) return false;
    if (!this.down) {
      this.down = true;
      this.log.warn({ code: failureCode(error) }, 'database unavailable');
    }
    return true;
  }

  reachable(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info({}, 'database available again');
  }

  /** A pool's new connection proves the server is back. */
  watch(pool: { on(event: 'connect', listener: () => void): unknown }): void {
    pool.on('connect', () => this.reachable());
  }
}

/** What a request that met an outage is answered: 503 with Retry-After, through the one error handler. */
export const outageError = () => new ServiceUnavailableError(OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_SECONDS);
