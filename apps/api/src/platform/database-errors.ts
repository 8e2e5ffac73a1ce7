/**
 * Failures of the database rather than of the request: the server is down, restarting, refusing
 * connections, or too slow. The client can do nothing about them but try again later, so they answer
 * 503 (docs/reliability.md); any other database error is a bug and stays a 500.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: the backend was terminated (pg_terminate_backend, a fast shutdown)
  "57P02", // crash_shutdown: another backend crashed, the server is restarting
  "57P03", // cannot_connect_now: the database system is starting up or shutting down
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout fired
]);

/** node-postgres and the socket's own failures, which carry no SQLSTATE. */
const UNAVAILABLE_SYSTEM_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // the server closed the connection (crash, restart, connect timeout)
  /^timeout exceeded when trying to connect/, // no free connection in the pool within the connect timeout
  /^Query read timeout/, // query_timeout: the server did not answer
  /is not queryable/, // a rollback on a connection that was already lost
];

/**
 * Thrown instead of queueing for a pooled connection when the pool's queue is full
 * (`DATABASE_QUEUE_LIMIT`): the request is shed at once with 503 "sovraccarico" rather than adding
 * to work that the database cannot serve in time (docs/reliability.md, Slow database).
 */
export class DatabaseOverloadedError extends Error {
  readonly code = "CURA_DATABASE_QUEUE_FULL";
  constructor(waiting: number) {
    super(`database pool queue full (${waiting} waiting)`);
    this.name = "DatabaseOverloadedError";
  }
}

/** Whether the error, or one it wraps (Drizzle puts the driver's in `cause`), is a shed request. */
export function isDatabaseOverloaded(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  return error instanceof DatabaseOverloadedError || isDatabaseOverloaded(error.cause, depth + 1);
}

/**
 * Whether a unique index refused the write (SQLSTATE 23505, on the error or a cause it wraps): the
 * request lost a race to a parallel one, which callers answer as the check before it would have.
 */
export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  if ((error as { code?: unknown }).code === "23505") return true;
  return isUniqueViolation((error as { cause?: unknown }).cause, depth + 1);
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // SQLSTATE class 08: connection exceptions.
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SYSTEM_CODES.has(code)) {
      return true;
    }
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // Drizzle wraps the driver's error in `cause`; connecting to "localhost" tries every address (AggregateError).
  if (isDatabaseUnavailable(error.cause, depth + 1)) return true;
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

/**
 * The `err` serializer of every log line (in place of pino's own, whose shape it keeps: type,
 * message and stack with their causes, and the error's own fields). A failed query's error carries
 * the values it was run with (Drizzle's DrizzleQueryError in `params` and in its message and stack;
 * PostgreSQL's `detail` repeats a conflicting key): session token hashes, e-mail addresses, health
 * data. They never reach the logs; the SQL text and the SQLSTATE code, which say what failed, stay.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: "" };
  const scrub = valuesScrubber(error);
  const out: SerializedError = { type: error.constructor?.name ?? error.name, message: "", stack: "" };
  const causes: Error[] = [];
  for (let cause = error.cause; cause instanceof Error && causes.length < 5; cause = cause.cause) causes.push(cause);
  out.message = [error, ...causes].map((e) => valuesScrubber(e)(e.message)).join(": ");
  out.stack = [error, ...causes]
    .map((e, i) => (i === 0 ? scrub(e.stack ?? "") : `caused by: ${valuesScrubber(e)(e.stack ?? "")}`))
    .join("\n");
  // The driver's SQLSTATE sits on the cause of Drizzle's error: it is what says what went wrong.
  const code = [error, ...causes].map((e) => (e as { code?: unknown }).code).find((c) => c !== undefined);
  if (code !== undefined) out.code = code;
  for (const [key, value] of Object.entries(error)) {
    if (key === "cause" || VALUE_KEYS.has(key) || key in out) continue;
    if (value instanceof Error) out[key] = depth < 3 ? serializeError(value, depth + 1) : value.message;
    else if (key === "errors" && Array.isArray(value))
      out.aggregateErrors = value.map((e) => serializeError(e, depth + 1));
    else out[key] = value;
  }
  return out;
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Fields that hold the values a query ran with, never logged. */
const VALUE_KEYS = new Set(["params", "parameters", "values", "detail"]);

/** Drizzle writes "Failed query: <sql>\nparams: <values>": the values are cut from its message and stack. */
function valuesScrubber(error: Error): (text: string) => string {
  const params = (error as { params?: unknown }).params;
  if (params === undefined) return (text) => text;
  const rendered = `\nparams: ${String(params)}`;
  return (text) => {
    const index = text.indexOf(rendered);
    if (index >= 0) return `${text.slice(0, index)}\nparams: [redacted]${text.slice(index + rendered.length)}`;
    // Not found as rendered (changed by another layer): drop everything from the marker on.
    const marker = text.indexOf("\nparams: ");
    return marker >= 0 ? `${text.slice(0, marker)}\nparams: [redacted]` : text;
  };
}
