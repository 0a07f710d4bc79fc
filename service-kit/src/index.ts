export * from './config';
export * from './logger';
export * from './database';
export * from './embedded-postgres';
export * from './error-handler';
export * from './http-app';
export * from './health';
