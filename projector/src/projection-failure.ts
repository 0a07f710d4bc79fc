/**
 * What the projector keeps of a failure: a code and a message that never carry the data that
 * failed. PostgreSQL quotes values in many messages (`invalid input syntax for type uuid: "…"`,
 * `value "…" is out of range`) and in `detail` (`Key (email)=(…) already exists`, `Failing row
 * contains (…)`), so its text is never kept: only the SQLSTATE, a fixed message per code and the
 * catalogue names (constraint, table, column, type) the error reports in fields of their own.
 */
export interface ProjectionFailure {
  code: string;
  message: string;
}

interface DatabaseErrorFields {
  code: string;
  severity: string;
  constraint?: string;
  table?: string;
  column?: string;
  dataType?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

const isDatabaseError = (error: unknown): error is DatabaseErrorFields =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { code?: unknown }).code === 'string' &&
  SQLSTATE.test((error as { code: string }).code) &&
  typeof (error as { severity?: unknown }).severity === 'string';

const isZodError = (error: unknown): error is Error & { issues: Array<{ code?: unknown; path?: unknown }> } =>
  error instanceof Error && error.name === 'ZodError' && Array.isArray((error as { issues?: unknown }).issues);

/** The same wording as PostgreSQL's messages, without the values they quote. */
const MESSAGES: Record<string, string> = {
  '22001': 'value too long for its column type',
  '22003': 'numeric value out of range',
  '22004': 'null value not allowed',
  '22007': 'invalid date/time format',
  '22008': 'date/time field value out of range',
  '22012': 'division by zero',
  '22021': 'invalid byte sequence for the encoding (e.g. a NUL character in text)',
  '22023': 'invalid parameter value',
  '2202E': 'array subscript out of range',
  '22P02': 'invalid input syntax for a type',
  '22P05': 'unsupported Unicode escape sequence',
  '23502': 'null value violates a not-null constraint',
  '23503': 'foreign key violation',
  '23505': 'duplicate key value violates a unique constraint',
  '23514': 'check constraint violated',
  '23P01': 'exclusion constraint violated',
  '25P02': 'current transaction is aborted',
  '40001': 'serialization failure',
  '40P01': 'deadlock detected',
  '42501': 'insufficient privilege',
  '42601': 'syntax error',
  '42703': 'undefined column',
  '42883': 'undefined function',
  '42P01': 'undefined table',
  '53300': 'too many connections',
  '54000': 'program limit exceeded (e.g. an index row too large)',
  '55P03': 'lock not available',
  '57014': 'statement cancelled',
  '57P01': 'server shut down by the administrator',
};

const CLASS_MESSAGES: Record<string, string> = {
  '08': 'connection exception',
  '22': 'data exception',
  '23': 'integrity constraint violation',
  '25': 'invalid transaction state',
  '40': 'transaction rollback',
  '42': 'syntax error or access rule violation',
  '53': 'insufficient resources',
  '54': 'program limit exceeded',
  '55': 'object not in prerequisite state',
  '57': 'operator intervention',
  '58': 'system error',
  XX: 'internal error',
};

/**
 * Failures caused by the event's own data: they repeat every time that event is applied.
 * 22 data exception (a NUL in text, a bad number), 23 integrity (a duplicate key), 54 program
 * limit (a value too large to index). Class 42 (undefined table or column, privileges) is a
 * fault of the code or the deployment, not of one event: parking would quietly leave holes in
 * every event it touches, so such a projection holds and retries instead (and /healthz shows
 * its lag). Connection (08), rollback (40: serialization, deadlock), resources (53, 55),
 * cancellation and shutdown (57) are transient.
 */
const PARKABLE_SQLSTATE_CLASSES = new Set(['22', '23', '54']);

/** JavaScript errors projection code raises on odd data (a missing field, a bad date). */
const PARKABLE_ERROR_NAMES = new Set(['TypeError', 'RangeError', 'SyntaxError', 'ZodError']);

/** True when the error repeats deterministically on the same event, so parking it is safe. */
export function isParkable(error: unknown): boolean {
  if (isDatabaseError(error)) return PARKABLE_SQLSTATE_CLASSES.has(error.code.slice(0, 2));
  return error instanceof Error && PARKABLE_ERROR_NAMES.has(error.name);
}

// Path segments that are field names or indices; anything else (a record key) could be data.
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const pathOf = (path: unknown) =>
  Array.isArray(path) && path.length > 0
    ? path.map((segment) => (typeof segment === 'number' || (typeof segment === 'string' && FIELD_NAME.test(segment)) ? String(segment) : '?')).join('.')
    : '(root)';

/** A description of `error` safe to store and log: no value from the event ever appears in it. */
export function describeFailure(error: unknown): ProjectionFailure {
  if (isDatabaseError(error)) {
    const generic = MESSAGES[error.code] ?? CLASS_MESSAGES[error.code.slice(0, 2)] ?? 'database error';
    // Catalogue names come from our own schema, never from the event.
    const names = [
      error.constraint && `constraint ${error.constraint}`,
      error.table && `table ${error.table}`,
      error.column && `column ${error.column}`,
      error.dataType && `type ${error.dataType}`,
    ].filter(Boolean);
    return { code: error.code, message: names.length > 0 ? `${generic} (${names.join(', ')})` : generic };
  }
  if (isZodError(error)) {
    const issues = error.issues.slice(0, 5).map((issue) => `${typeof issue.code === 'string' ? issue.code : 'invalid'} at ${pathOf(issue.path)}`);
    return { code: 'invalid_data', message: `data does not match the event schema: ${issues.join('; ')}` };
  }
  if (error instanceof Error) {
    const errno = (error as { code?: unknown }).code;
    // A JavaScript message may quote what it failed on; keep only the kind of error (and a system error's code).
    return { code: typeof errno === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(errno) ? errno : error.name, message: `${error.name} raised` };
  }
  return { code: 'unknown', message: 'a non-error value was thrown' };
}

/** Why a stored event could not be decoded (upcast and parsed), in the same safe form. */
export function describeDecodeFailure(error: unknown): ProjectionFailure {
  if (isZodError(error)) return describeFailure(error);
  return { code: 'undecodable', message: `event could not be upcast to its current schema (${error instanceof Error ? error.name : 'unknown'} raised)` };
}
