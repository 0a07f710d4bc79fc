export * from './app';
export * from './lib/projection-watcher';
export * from './lib/read-your-writes';
export * from './live/chat-commands';
export type { LiveOptions } from './live/live';
export type { LiveLimits } from './live/live-hub';
