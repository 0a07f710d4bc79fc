import type { Logger } from './logger';

/** Stops cleanly on SIGINT/SIGTERM, running `stop` once; a second signal exits at once. */
export function stopOnSignals(stop: () => Promise<void>, log: Logger): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'stopping');
    stop()
      .then(() => process.exit(0))
      .catch((error) => {
        log.error({ err: error }, 'unclean stop');
        process.exit(1);
      });
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}
