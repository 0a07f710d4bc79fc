export * from './app';
export * from './lib/projection-watcher';
export * from './lib/read-your-writes';
