import { DomainError, type FieldErrors, findUnsafeText, type UnsafeTextIssue, unsafeTextProblem } from "@cura/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The input guard: every string a request brings (path parameters, query, JSON or text body,
 * multipart field names, values and file names, the headers the app stores) passes the domain's
 * safe-text rule before any contract or handler sees it. PostgreSQL refuses a NUL in text, so one
 * such character used to be a 500 on any route that stored or searched it; here it is a 422 that
 * changes nothing. Registered once, before the modules, so no route can miss it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const issues = [
      // Ids, keys and filters are single-line; a body's free text may keep tab and line breaks.
      ...findUnsafeText(request.params, { multiline: false, limit: 1 }),
      ...findUnsafeText(request.query, { multiline: false, limit: 1 }),
      ...findUnsafeText(request.body, { limit: 20 }),
      ...storedHeaders(request),
    ];
    if (issues.length > 0) throw unsafeInput(issues);
    if (request.isMultipart()) guardMultipart(request);
  });
}

/** Headers the app keeps (a session's user agent): only checked where present. */
function storedHeaders(request: FastifyRequest): UnsafeTextIssue[] {
  const userAgent = request.headers["user-agent"];
  if (typeof userAgent !== "string") return [];
  const message = unsafeTextProblem(userAgent, { multiline: false });
  return message ? [{ path: ["user-agent"], message }] : [];
}

function unsafeInput(issues: UnsafeTextIssue[]): DomainError {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.join(".") || "body";
    errors[path] ??= [];
    errors[path].push(issue.message);
  }
  return new DomainError("validation", { message: issues[0]?.message, errors });
}

interface MultipartPart {
  type: "file" | "field";
  fieldname: string;
  filename?: string;
  value?: unknown;
}

function checkPart(part: MultipartPart): void {
  const fieldProblem = unsafeTextProblem(part.fieldname, { multiline: false });
  if (fieldProblem) throw unsafeInput([{ path: [], message: fieldProblem }]);
  const problem =
    part.type === "file"
      ? unsafeTextProblem(part.filename ?? "", { multiline: false })
      : typeof part.value === "string"
        ? unsafeTextProblem(part.value)
        : null;
  if (problem) throw unsafeInput([{ path: [part.fieldname], message: problem }]);
}

/**
 * A multipart body is read by the handler, part by part, after this hook: its iterators are wrapped
 * for this request so that each part is checked as it is read, whichever of them a route uses.
 */
function guardMultipart(request: FastifyRequest): void {
  type Iterate = (options?: unknown) => AsyncIterableIterator<MultipartPart>;
  const target = request as unknown as { parts: Iterate; files: Iterate; file: (o?: unknown) => Promise<unknown> };
  const wrap = (original: Iterate): Iterate =>
    async function* checked(options) {
      for await (const part of original(options)) {
        checkPart(part);
        yield part;
      }
    };
  target.parts = wrap(target.parts.bind(request));
  target.files = wrap(target.files.bind(request));
  const file = target.file.bind(request);
  target.file = async (options) => {
    const part = (await file(options)) as MultipartPart | undefined;
    if (part) checkPart(part);
    return part;
  };
}
