import { isExpression, sql, type ColumnType, type Insertable, type QueryExecutorProvider, type RawBuilder } from 'kysely';

/**
 * A read-model table written once: each column's SQL declaration and the TypeScript types it maps
 * to. The DDL (`createTableSql`) and Kysely's row type (`RowOf`) both derive from it, so a column
 * cannot exist in one and not the other.
 */

/** The PostgreSQL types read models use. */
type SqlType = 'text' | 'uuid' | 'integer' | 'bigint' | 'boolean' | 'timestamptz' | 'jsonb' | 'text[]' | 'bytea';

interface ColumnDeclaration {
  readonly sqlType: SqlType;
  readonly nullable: boolean;
  readonly defaultValue?: RawBuilder<unknown>;
  /** A stored generated column's expression. */
  readonly generatedAs?: RawBuilder<unknown>;
  readonly unique: boolean;
}

/**
 * One column. Select is what a query reads, Insert what an insert may give (`undefined`: it may be
 * left out), Update what an update may set; together Kysely's `ColumnType`.
 */
class Column<Select, Insert = Select, Update = Insert> {
  /** Type only: the column as Kysely sees it. */
  declare readonly kysely: ColumnType<Select, Insert, Update>;

  constructor(readonly declaration: ColumnDeclaration) {}

  /** May be null; an insert may leave it out (it is then null). */
  nullable(): Column<Select | null, Insert | null | undefined, Update | null> {
    return new Column({ ...this.declaration, nullable: true });
  }

  /** What an insert that leaves the column out gets. */
  default(value: Select | RawBuilder<unknown>): Column<Select, Insert | undefined, Update> {
    return new Column({ ...this.declaration, defaultValue: literal(value) });
  }

  /** Computed by PostgreSQL from other columns of the row (stored); never written. */
  generatedAlwaysAs(expression: RawBuilder<unknown>): Column<Select, never, never> {
    return new Column({ ...this.declaration, generatedAs: expression });
  }

  unique(): Column<Select, Insert, Update> {
    return new Column({ ...this.declaration, unique: true });
  }
}

const columnOf = <Select, Insert = Select, Update = Insert>(sqlType: SqlType) =>
  new Column<Select, Insert, Update>({ sqlType, nullable: false, unique: false });

/** Column factories: not null unless `.nullable()`. A type argument narrows the TypeScript type (an enum's union). */
export const column = {
  text: <T extends string = string>() => columnOf<T>('text'),
  uuid: () => columnOf<string>('uuid'),
  integer: () => columnOf<number>('integer'),
  /** Reads as a string (the driver keeps int8 exact); written as a number or a string. */
  bigint: () => columnOf<string, string | number>('bigint'),
  /** Reads and writes as a Buffer. */
  bytea: () => columnOf<Buffer, Buffer | Uint8Array>('bytea'),
  boolean: () => columnOf<boolean>('boolean'),
  /** Reads as a Date; written as a Date or an ISO string (events carry ISO strings). */
  timestamptz: () => columnOf<Date, Date | string>('timestamptz'),
  /** Reads as the parsed value; written as JSON text (the driver would send an array as a PostgreSQL array). */
  jsonb: <T>() => columnOf<T, string>('jsonb'),
  textArray: <T extends string = string>() => columnOf<T[], readonly T[]>('text[]'),
};

type AnyColumn = Column<unknown, unknown, unknown>;
type ColumnsOf = Record<string, AnyColumn>;

/** An index column, descending when it says so. */
type IndexColumn<Name extends string> = Name | `${Name} desc`;

interface IndexDefinition<Name extends string = string> {
  readonly columns: readonly [IndexColumn<Name>, ...IndexColumn<Name>[]];
  /** A partial index's predicate. */
  readonly where?: RawBuilder<unknown>;
}

export interface TableDefinition<Name extends string = string, Columns extends ColumnsOf = ColumnsOf> {
  readonly name: Name;
  /** In table order. */
  readonly columns: Columns;
  readonly primaryKey?: readonly string[];
  readonly indexes: readonly IndexDefinition[];
}

/** Declares a table; key and index columns must be its own columns. */
export function defineTable<const Name extends string, Columns extends ColumnsOf>(
  name: Name,
  columns: Columns,
  keys: { primaryKey?: readonly [keyof Columns & string, ...(keyof Columns & string)[]]; indexes?: readonly IndexDefinition<keyof Columns & string>[] } = {},
): TableDefinition<Name, Columns> {
  return { name, columns, primaryKey: keys.primaryKey, indexes: keys.indexes ?? [] };
}

/** A table's row as Kysely types it (Selectable, Insertable and Updateable derive from it). */
export type RowOf<Table extends TableDefinition> = { [C in keyof Table['columns']]: Table['columns'][C]['kysely'] };

/** Kysely's database type for some tables: table name to row. */
export type DatabaseOf<Table extends TableDefinition> = { [T in Table as T['name']]: RowOf<T> };

/** `create table schema.name (...)`, columns in declaration order, then the primary key. */
export function createTableSql(schema: string, table: TableDefinition, options: { ifNotExists?: boolean } = {}): RawBuilder<unknown> {
  const parts = Object.entries(table.columns).map(([name, { declaration }]) => columnSql(name, declaration));
  if (table.primaryKey) parts.push(sql`primary key (${sql.join(table.primaryKey.map((name) => sql.id(name)))})`);
  return sql`create table ${options.ifNotExists ? sql`if not exists ` : sql``}${sql.id(schema, table.name)} (${sql.join(parts)})`;
}

/** `create index on schema.name (...)`: PostgreSQL names it from the table and columns. */
function createIndexSql(schema: string, table: TableDefinition, index: IndexDefinition): RawBuilder<unknown> {
  const columns = index.columns.map((entry) => {
    const [name, direction] = entry.split(' ');
    return direction ? sql`${sql.id(name!)} ${sql.raw(direction)}` : sql.id(name!);
  });
  return sql`create index on ${sql.id(schema, table.name)} (${sql.join(columns)})${index.where ? sql` where ${index.where}` : sql``}`;
}

/** Creates the tables in order, each followed by its indexes. */
export async function createTables(db: QueryExecutorProvider, schema: string, tables: readonly TableDefinition[]): Promise<void> {
  for (const table of tables) {
    await createTableSql(schema, table).execute(db);
    for (const index of table.indexes) await createIndexSql(schema, table, index).execute(db);
  }
}

function columnSql(name: string, { sqlType, nullable, defaultValue, generatedAs, unique }: ColumnDeclaration): RawBuilder<unknown> {
  return sql.join(
    [
      sql.id(name),
      sql.raw(sqlType),
      ...(nullable ? [] : [sql`not null`]),
      ...(defaultValue ? [sql`default ${defaultValue}`] : []),
      ...(generatedAs ? [sql`generated always as (${generatedAs}) stored`] : []),
      ...(unique ? [sql`unique`] : []),
    ],
    sql` `,
  );
}

/** A default written into DDL, where parameters cannot go. */
function literal(value: unknown): RawBuilder<unknown> {
  if (isExpression(value)) return value as RawBuilder<unknown>;
  if (Array.isArray(value)) return sql.lit(`{${value.map((element) => `"${String(element).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return sql.lit(value);
  throw new TypeError(`A column default must be a string, number, boolean, array or SQL expression, not ${typeof value}`);
}

/**
 * For one-statement batch writes (`insert ... select * from unnest(...)`; a VALUES list of a
 * thousand rows costs more to build and plan than to run): one array per column, each bound once
 * and cast to its column's type. `columns` is `(a, b)`, `rows` is `unnest($1::t[], $2::u[]) as
 * alias(a, b)`; names and value types come from the table definition. Values may be deltas or keys
 * of the table's rows (an update's or delete's `from`/`using`), so every column is optional here;
 * `insertRows` requires what an insert requires.
 */
export function unnestRows<Table extends TableDefinition>(
  table: Table,
  alias: string,
  values: Partial<ColumnArrays<Table>>,
): { columns: RawBuilder<unknown>; rows: RawBuilder<unknown> } {
  const names = Object.keys(values);
  const columnList = sql.join(names.map((name) => sql.id(name)));
  const arrays = names.map((name) => {
    const sqlType = table.columns[name]?.declaration.sqlType;
    // unnest flattens a two-dimensional array: array columns cannot travel this way.
    if (!sqlType || sqlType === 'text[]') throw new TypeError(`unnestRows cannot carry ${table.name}.${name}`);
    return sql`${(values as Record<string, unknown>)[name]}::${sql.raw(sqlType)}[]`;
  });
  return { columns: sql`(${columnList})`, rows: sql`unnest(${sql.join(arrays)}) as ${sql.id(alias)}(${columnList})` };
}

/** `unnestRows` for an insert: every column the insert requires must have its array. */
export const insertRows = <Table extends TableDefinition>(table: Table, values: ColumnArrays<Table>) => unnestRows(table, 'rows', values);

/** One array per column an insert gives, required where the insert requires the column. */
type ColumnArrays<Table extends TableDefinition> = {
  [C in keyof Insertable<RowOf<Table>>]: readonly Exclude<Insertable<RowOf<Table>>[C], undefined>[];
};
