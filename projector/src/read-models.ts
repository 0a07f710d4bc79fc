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

/** Rows of the `delegation` projection (projector/src/delegation/delegation.table.ts), for the query and command sides. */
export type DelegationRow = ReadModelRow<'delegations'>;
export type DelegationStandingRow = ReadModelRow<'delegation_standing'>;
export type DelegationGroupRow = ReadModelRow<'delegation_groups'>;
export type DelegationMemberRow = ReadModelRow<'delegation_members'>;
export type TallySubjectRow = ReadModelRow<'tally_subjects'>;
export type DirectChoiceRow = ReadModelRow<'direct_choices'>;
export type WeightedTallyRow = ReadModelRow<'weighted_tallies'>;
export type { TallySubjectKind } from './delegation/delegation.table';
