export * from './projection';
export * from './runner';
export * from './read-schema';
export * from './rebuild';
export * from './projector-service';
export * from './change-notice';
export * from './projections';
export type { ProjectorLog } from './lib/logger';
export type { GroupsTable } from './groups/groups.table';
