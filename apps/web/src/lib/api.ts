import { type ErrorBody, errorCatalogue, type FieldErrors } from "@cura/domain/errors";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import i18n from "./i18n.ts";
import { session } from "./session.ts";

/**
 * The one way the web app talks to the API (DESIGN §3): base /api/v1, JSON, the bearer token from
 * the session, the `data` of the envelope on success, an ApiError built from `{ message, code?,
 * errors? }` otherwise, and the spec's 401 rules (000 §4) in one place.
 */
export const API_BASE = "/api/v1";

/** Codes the API puts on a 401 when the session is valid but something is pending or blocked. */
export const AUTH_ERROR_CODES = {
  emailNotVerified: "email_not_verified",
  phoneNotVerified: "phone_not_verified",
  accountDisabled: "user_disabled",
} as const;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** Field errors keyed by body path (`anagrafica.cf`). */
  readonly errors: FieldErrors;

  constructor(status: number, message: string, code?: string, errors?: FieldErrors) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.errors = errors ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What a 401 answer does:
 * - `redirect` (default): the 401 rules of spec 000 §4;
 * - `session`: the same rules for the current-user call, where a disabled account goes to /disabled;
 * - `none`: the caller decides (the login form: a 401 there means a disabled account).
 */
export type UnauthorizedPolicy = "redirect" | "session" | "none";

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Query;
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  on401?: UnauthorizedPolicy;
  /** A token to use instead of the session's (the login page's access_token). */
  token?: string | null;
  /** `blob` answers the body as a Blob (images, downloads) instead of the envelope's data. */
  responseType?: "json" | "blob";
  /** Answer the whole envelope (`{ data, meta, message }`) instead of its data: paged lists. */
  envelope?: boolean;
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);

/** The app hands its router's navigate here, so a 401 moves without a full page load. */
export function setApiNavigator(next: Navigate): void {
  navigate = next;
}

export interface UnauthorizedOutcome {
  to: string;
  signOut: boolean;
}

/** The spec's 401 rules as data, so they can be tested without a browser. */
export function unauthorizedOutcome(error: ApiError, policy: UnauthorizedPolicy): UnauthorizedOutcome | null {
  if (policy === "none") return null;
  // The session is valid but a verification is pending: keep it, send the user to finish it.
  if (error.code === AUTH_ERROR_CODES.emailNotVerified) return { to: "/email/verify/invalid", signOut: false };
  if (error.code === AUTH_ERROR_CODES.phoneNotVerified) return { to: "/number/verify", signOut: false };
  if (error.code === AUTH_ERROR_CODES.accountDisabled) return { to: "/disabled", signOut: true };
  return { to: "/login", signOut: true };
}

export function buildUrl(path: string, query?: Query): string {
  const clean = path.replace(/^\/+/, "");
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}/${clean}${search ? `?${search}` : ""}`;
}

function messageForStatus(status: number): string {
  const entry = Object.values(errorCatalogue).find((e) => e.status === status);
  return entry?.message ?? errorCatalogue.internal.message;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (typeof body === "object" && body !== null) {
    const { message, code, errors } = body as Partial<ErrorBody>;
    return new ApiError(
      status,
      typeof message === "string" && message ? message : messageForStatus(status),
      typeof code === "string" ? code : undefined,
      typeof errors === "object" && errors !== null ? errors : undefined,
    );
  }
  return new ApiError(status, messageForStatus(status));
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: options.responseType === "blob" ? "*/*" : "application/json" };
  const token = options.token !== undefined ? options.token : session.get().token;
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, i18n.t("errors.network"), "network_error");
  }

  if (response.ok && options.responseType === "blob") return (await response.blob()) as T;
  const payload = await readBody(response);
  if (response.ok) {
    if (options.envelope) return payload as T;
    if (typeof payload === "object" && payload !== null && "data" in payload) return (payload as { data: T }).data;
    return payload as T;
  }

  const error = toApiError(response.status, payload);
  if (response.status === 401) {
    const outcome = unauthorizedOutcome(error, options.on401 ?? "redirect");
    if (outcome) {
      if (outcome.signOut) session.clear();
      navigate(outcome.to);
    }
  }
  throw error;
}

/**
 * The API answers some links as absolute paths (`profile_pic`: `/api/v1/resources/private/x`);
 * the client functions take paths relative to the base.
 */
export function apiPathOf(url: string): string {
  return url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length + 1) : url;
}

export interface Paged<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
  message?: string;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
  /** GET a paged list: its items with the page's meta. */
  page: <T>(path: string, options?: Omit<RequestOptions, "method" | "body" | "envelope">) =>
    apiRequest<Paged<T>>(path, { ...options, method: "GET", envelope: true }),
  /** GET a file's bytes with the bearer token (an <img> cannot send it). */
  blob: (path: string, options?: Omit<RequestOptions, "method" | "body" | "responseType">) =>
    apiRequest<Blob>(path, { ...options, method: "GET", responseType: "blob" }),
};

/**
 * Puts a 422's field errors (keyed by body path) on the react-hook-form fields of the same name.
 * `fields` limits it to the form's own fields; the messages with no field are returned so the page
 * can show them under the form.
 */
export function setServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly Path<T>[],
): { placed: number; rest: string[] } {
  const result = { placed: 0, rest: [] as string[] };
  if (!isApiError(error)) return result;
  for (const [path, messages] of Object.entries(error.errors)) {
    const text = messages.join(" ");
    if (!fields || fields.includes(path as Path<T>)) {
      setError(path as Path<T>, { type: "server", message: text }, { shouldFocus: result.placed === 0 });
      result.placed += 1;
    } else {
      result.rest.push(text);
    }
  }
  return result;
}
