import { createLogger, loadConfig, stopOnSignals } from '@civitas/service-kit';
import { startPlatform } from './platform';

const config = loadConfig();
const log = createLogger(config.LOG_LEVEL);
const platform = await startPlatform(config, log);
stopOnSignals(() => platform.close(), log);
