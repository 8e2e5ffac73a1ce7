import { errorCodes, type FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route may answer a streamed download (the back office's XLS exports): once its answer has
     * started it may last up to DOWNLOAD_TIMEOUT_MS instead of REQUEST_TIMEOUT_MS.
     */
    download?: boolean;
  }
}

/**
 * Two bounds for the routes that stream a download. Every request is answered within
 * REQUEST_TIMEOUT_MS (Fastify's `handlerTimeout`, app.ts), but a streamed body counts in it until its
 * last byte: the export of a million accounts (minutes, docs/performance.md "Back office at scale")
 * was cut mid-file ("other side closed") when the bound ran out, the headers long sent. On a route
 * with `config: { download: true }` the bound becomes DOWNLOAD_TIMEOUT_MS, from routing to the last
 * byte, and the request's own bound still holds until the answer starts: a JSON page the same route
 * answers (`export` absent), or an export whose first steps wait, gets its 503 after
 * REQUEST_TIMEOUT_MS as on any other route. A download whose reader stops reading is cut at
 * DOWNLOAD_TIMEOUT_MS; meanwhile it holds one batch in memory and no database connection
 * (modules/admin/workbook-stream.ts).
 */
export function registerDownloads(
  app: FastifyInstance,
  bounds: { requestTimeoutMs: number; downloadTimeoutMs: number },
): void {
  const downloadMs = Math.max(bounds.downloadTimeoutMs, bounds.requestTimeoutMs);
  app.addHook("onRoute", (route) => {
    if (route.config?.download) route.handlerTimeout = downloadMs;
  });
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.routeOptions.config.download) return done();
    const timer = setTimeout(() => {
      // The answer has started (a download's headers are written when it is sent): the longer bound holds.
      if (reply.sent || reply.raw.headersSent) return;
      reply.send(new errorCodes.FST_ERR_HANDLER_TIMEOUT(bounds.requestTimeoutMs, request.routeOptions.url));
    }, bounds.requestTimeoutMs);
    reply.raw.once("close", () => clearTimeout(timer));
    done();
  });
}
