import type { Logger } from './logger';

/** Signals that arrive this soon after the first are the same request relayed (terminal group, npm, sh). */
const DUPLICATE_SIGNAL_MS = 5000;

/**
 * Stops cleanly on SIGINT/SIGTERM, running `stop` once. A signal repeated within a few seconds
 * is ignored, since relays deliver one request several times and an exit then would strand an
 * embedded PostgreSQL; a later one exits at once.
 */
export function stopOnSignals(stop: () => Promise<void>, log: Logger): void {
  let firstSignalAt: number | null = null;
  const handler = (signal: NodeJS.Signals) => {
    if (firstSignalAt !== null) {
      if (Date.now() - firstSignalAt < DUPLICATE_SIGNAL_MS) return;
      log.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    firstSignalAt = Date.now();
    log.info({ signal }, 'stopping');
    stop()
      .then(() => process.exit(0))
      .catch((error) => {
        log.error({ err: error }, 'unclean stop');
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
