import type { Selectable } from 'kysely';
import type { DatabaseOf } from './lib/table';
import type { projections } from './projections';

/** Every table the platform's projections write. */
export type ReadModelTable = (typeof projections)[number]['tables'][number];

/** Every read model as Kysely types it (schema-bound Kysely: `db.withSchema(READ_SCHEMA) as Kysely<ReadModels>`). */
export type ReadModels = DatabaseOf<ReadModelTable>;
export type ReadModelName = keyof ReadModels;
/** A read model's row as a query reads it. */
export type ReadModelRow<Name extends ReadModelName> = Selectable<ReadModels[Name]>;
export type { ProjectionName } from './projections';
