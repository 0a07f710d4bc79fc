import { createLogger, loadConfig, stopOnSignals, type Logger } from '@civitas/service-kit';
import { startPlatform, type Platform } from './platform';

/** A failed start is one plain line for the person at the terminal; the details stay at debug level. */
function couldNotStart(error: unknown, log?: Logger): never {
  log?.debug({ err: error }, 'start-up failure');
  const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
  process.stderr.write(`Civitas could not start: ${reason}\n`);
  process.exit(1);
}

let log: Logger | undefined;
try {
  const config = loadConfig();
  log = createLogger(config.LOG_LEVEL);
  const starting: Promise<Platform> = startPlatform(config, log);
  // Listening from the first moment: a stop requested while starting waits for the start, then stops
  // everything, rather than leaving an embedded PostgreSQL behind.
  stopOnSignals(async () => (await starting.catch(() => null))?.close(), log);
  await starting;
} catch (error) {
  couldNotStart(error, log);
}
