/**
 * The error catalogue shared by the API and the web app: each code has its HTTP status and the
 * Italian message the user reads. A thrown DomainError becomes `{ message, code?, errors? }` with
 * that status; the web client maps `errors` keys (body paths) back onto form fields.
 */
export const errorCatalogue = {
  badRequest: { status: 400, message: "Richiesta non valida" },
  unauthenticated: { status: 401, message: "Accesso richiesto" },
  forbidden: { status: 403, message: "Non hai i permessi per questa operazione" },
  notFound: { status: 404, message: "Risorsa non trovata" },
  conflict: { status: 409, message: "L'operazione è in conflitto con lo stato attuale" },
  payloadTooLarge: { status: 413, message: "Richiesta troppo grande" },
  validation: { status: 422, message: "I dati inviati non sono validi" },
  invalidFile: { status: 422, message: "file non valido o di dimensioni eccessive, max 8 MB" },
  throttled: { status: 429, message: "Troppe richieste, riprova più tardi" },
  internal: { status: 500, message: "Si è verificato un errore imprevisto" },
  /** The database is down, restarting or too slow, or a request ran out of time (docs/reliability.md). */
  unavailable: { status: 503, message: "Servizio temporaneamente non disponibile" },
  /** More requests wait for the database than the pool's queue admits: shed at once (docs/reliability.md). */
  overloaded: { status: 503, message: "Servizio momentaneamente sovraccarico" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** Field errors keyed by body path (`anagrafica.cf`), each with its Italian messages. */
export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  message: string;
  code?: string;
  errors?: FieldErrors;
  status?: false;
  request_id?: string;
}

export class DomainError extends Error {
  readonly code: ErrorCode | (string & {});
  readonly status: number;
  readonly errors?: FieldErrors;
  /** Extra fields the spec puts beside the message (e.g. `status: false` on a failed login). */
  readonly extra?: Record<string, unknown>;
  /** For a 429: when a new attempt may succeed, sent as the Retry-After header. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      errors?: FieldErrors;
      status?: number;
      publicCode?: string;
      extra?: Record<string, unknown>;
      retryAfterSeconds?: number;
    } = {},
  ) {
    const entry = errorCatalogue[code];
    super(options.message ?? entry.message);
    this.name = "DomainError";
    this.code = options.publicCode ?? code;
    this.status = options.status ?? entry.status;
    this.errors = options.errors;
    this.extra = options.extra;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const badRequest = (message?: string) => new DomainError("badRequest", { message });
export const unauthenticated = (message?: string, publicCode?: string) =>
  new DomainError("unauthenticated", { message, publicCode });
export const forbidden = (message?: string) => new DomainError("forbidden", { message });
export const notFound = (message?: string) => new DomainError("notFound", { message });
export const conflict = (message?: string) => new DomainError("conflict", { message });
export const throttled = (message?: string, retryAfterSeconds?: number) =>
  new DomainError("throttled", { message, retryAfterSeconds });
export const fieldError = (field: string, message: string) =>
  new DomainError("validation", { message, errors: { [field]: [message] } });
