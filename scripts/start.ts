import { createLogger, loadConfig, stopOnSignals } from '@civitas/service-kit';
import { startPlatform } from './platform';

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
try {
  const platform = await startPlatform(config, log);
  stopOnSignals(() => platform.close(), log);
} catch (error) {
  log.fatal({ err: error }, `Civitas could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
