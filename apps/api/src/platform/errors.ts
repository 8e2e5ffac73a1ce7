import { DomainError, type ErrorBody, errorCatalogue, type FieldErrors } from "@cura/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { isDatabaseOverloaded, isDatabaseUnavailable } from "./database-errors.ts";

/**
 * The one error handler. A DomainError becomes its status and Italian message; a failed contract
 * becomes 422 with errors keyed by body path; anything unexpected is logged and answered as a 500
 * that carries the request id and nothing of the internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const body: ErrorBody & Record<string, unknown> = { ...error.extra, message: error.message };
      // The code lets a client tell cases apart (invalidFile, email_not_verified); a plain 422
      // already says "validation" through its status and field errors.
      if (error.code !== "validation") body.code = error.code;
      if (error.errors) body.errors = error.errors;
      if (error.retryAfterSeconds !== undefined)
        reply.header("retry-after", String(Math.max(1, error.retryAfterSeconds)));
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || error.validationContext || "body";
        const message = issue.message ?? "Valore non valido";
        if (!errors[path]) errors[path] = [];
        errors[path].push(message);
      }
      const first = Object.values(errors)[0]?.[0];
      return reply.status(422).send({ message: first ?? errorCatalogue.validation.message, errors });
    }
    if (error instanceof ZodError) {
      // A contract checked inside a handler (multipart fields): the same 422 as a body.
      const errors: FieldErrors = {};
      for (const issue of error.issues) {
        const path = issue.path.join(".") || "body";
        if (!errors[path]) errors[path] = [];
        errors[path].push(issue.message);
      }
      return reply.status(422).send({ message: error.issues[0]?.message ?? errorCatalogue.validation.message, errors });
    }
    if (isDatabaseOverloaded(error)) {
      // Load shedding: expected under overload, so no warn line per request (a line each would add
      // to the load); the client may retry in a moment.
      request.log.debug({ err: error }, "overloaded");
      return reply.status(503).header("retry-after", "1").send({ message: errorCatalogue.overloaded.message });
    }
    if (isDatabaseUnavailable(error) || error.code === "FST_ERR_HANDLER_TIMEOUT") {
      // The database is down, restarting or too slow, or the request ran out of time: the client may
      // try again shortly (docs/reliability.md). Not a bug, but worth a line for whoever runs the service.
      request.log.warn({ err: error }, "service unavailable");
      return reply.status(503).send({ message: errorCatalogue.unavailable.message });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === "FST_REQ_FILE_TOO_LARGE" || error.code === "FST_FILES_LIMIT") {
      return reply.status(413).send({ message: errorCatalogue.payloadTooLarge.message });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type…): a clear 400-class answer.
      const message = status === 415 ? "Formato della richiesta non supportato" : errorCatalogue.badRequest.message;
      return reply.status(status === 404 ? 404 : status === 415 ? 415 : 400).send({ message });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send({ message: errorCatalogue.internal.message, request_id: request.id });
  });
}
