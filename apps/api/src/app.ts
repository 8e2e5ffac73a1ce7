import { existsSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { setValidationLanguage } from "@cura/domain";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import type { Config } from "./config.ts";
import { type DatabaseHandle, requestAdmissions } from "./db/client.ts";
import { createSessionAuthenticator } from "./modules/identity/sessions.ts";
import { modules } from "./modules/index.ts";
import { withRoomGuests } from "./modules/teleconsult/room/index.ts";
import { redactUrl, registerAccess } from "./platform/auth/access.ts";
import { serializeError } from "./platform/database-errors.ts";
import { registerDownloads } from "./platform/downloads.ts";
import { registerErrorHandler } from "./platform/errors.ts";
import { createDiskStorage, type FileStorage } from "./platform/files/storage.ts";
import { registerIdempotency } from "./platform/idempotency/idempotency.ts";
import { createIds } from "./platform/ids.ts";
import { registerInputGuard } from "./platform/input.ts";
import { createJobRunner } from "./platform/jobs/runner.ts";
import { createLoadMonitor } from "./platform/load.ts";
import { createMailer } from "./platform/messaging/mailer.ts";
import { createOutbox } from "./platform/messaging/outbox.ts";
import { createOutboxSmsSender, type SmsSender, unconfiguredSmsSender } from "./platform/messaging/sms.ts";
import type { ModuleContext } from "./platform/module.ts";
import { registerRealtime } from "./platform/realtime/index.ts";
import { createSerializerCompiler } from "./platform/serializer.ts";

export const webDistDir = process.env.CURA_WEB_DIST ?? fileURLToPath(new URL("../../web/dist", import.meta.url));

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  storage?: FileStorage;
  sms?: SmsSender;
  /** Where log lines go (tests read them); stdout when absent. */
  logStream?: { write(line: string): void };
  /** The built web app (default apps/web/dist); tests give a folder of their own. */
  webDist?: string;
}

/** The whole API as one Fastify instance: platform plugins, then every module. Used by main and tests. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // GET users/fresh/me may carry a session token in its query: it must never reach the logs.
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
        // A failed query's values (token hashes, personal data) must never reach the logs either.
        err: serializeError,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Every request ends within this, answered 503 if need be, whatever it waits for.
    handlerTimeout: config.requestTimeoutMs,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // Every message zod writes for a 422 is Italian, whatever the web app last chose in a shared process.
  setValidationLanguage("it");
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by fast-json-stringify from the contracts; outside production each one is also
  // checked against its contract with zod and against zod's own output (platform/serializer.ts).
  app.setSerializerCompiler(createSerializerCompiler({ verify: config.env !== "production" }));
  registerErrorHandler(app);

  const outbox = config.devTools ? createOutbox(database.db) : null;
  const ids = createIds(config.hashids);
  // The realtime hub joins these below, before the modules (which register their rooms with it).
  const ctx: Omit<ModuleContext, "realtime"> = {
    config,
    db: database.db,
    ids,
    outbox,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox }),
    sms: options.sms ?? (outbox ? createOutboxSmsSender(outbox) : unconfiguredSmsSender),
    storage: options.storage ?? createDiskStorage(config.storageDir),
    ping: database.ping,
    jobs: createJobRunner({ pglite: database.pglite, pool: database.pool, log: app.log }),
    load: config.devTools ? createLoadMonitor(database.poolLoad) : null,
  };
  app.addHook("onClose", () => ctx.load?.stop());
  // Scheduled jobs run in every environment but tests, which run them on demand (app.jobs.runNow).
  app.decorate("jobs", ctx.jobs);
  if (config.env !== "test") app.addHook("onReady", () => ctx.jobs.start());
  app.addHook("onClose", () => ctx.jobs.stop());

  // The security headers, from helmet's middleware built once: @fastify/helmet built it anew on every
  // request (parsing the directives each time), about 90 µs of CPU per request, a third of a cheap
  // authenticated read's (issue 15).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // The API reference page (swagger-ui) uses inline styles; nothing else needs more than self.
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        // The reports page may show external dashboards (REPORTS_EMBED_URL_n, issue 14) in a frame.
        "frame-src": ["'self'", ...config.reports.embedUrls.flatMap((url) => (url ? [new URL(url).origin] : []))],
      },
    },
  });
  // Each request's acquisitions share one admission (load shedding, db/client.ts). It is entered
  // again once the body is read: the body stream's events may run outside the request's context.
  const admissions = new WeakMap<object, { admitted: boolean }>();
  app.addHook("onRequest", (request, _reply, done) => {
    const admission = { admitted: false };
    admissions.set(request, admission);
    requestAdmissions.run(admission, done);
  });
  app.addHook("preValidation", (request, _reply, done) =>
    requestAdmissions.run(admissions.get(request) ?? { admitted: false }, done),
  );
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  if (config.corsOrigins.length > 0) await app.register(cors, { origin: config.corsOrigins });
  await app.register(multipart);

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Cura API", version: "1.0.0", description: "Cura: prenotazioni e cura, API v1" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const authenticator = createSessionAuthenticator(database.db, ids);
  registerAccess(app, authenticator);
  // Before every module's routes: a download route's longer bound is set as it is added.
  registerDownloads(app, { requestTimeoutMs: config.requestTimeoutMs, downloadTimeoutMs: config.downloadTimeoutMs });
  // After access (an anonymous caller gets its 401 first), before every module's routes and contracts.
  registerInputGuard(app);
  // Idempotency-Key on signed-in POSTs; the lease outlives any request (docs/reliability.md).
  registerIdempotency(app, { db: database.db, jobs: ctx.jobs, leaseMs: 2 * config.requestTimeoutMs });
  // The WebSocket endpoint and the hub (docs/realtime.md), before the modules' routes.
  // A teleconsultation's guest (no account) authenticates the socket with the call's own token.
  const socketAuthenticator = withRoomGuests(authenticator, database.db, ids);
  const realtime = await registerRealtime(app, {
    database,
    authenticator: socketAuthenticator,
    jobs: ctx.jobs,
    ...config.realtime,
  });
  const moduleCtx: ModuleContext = { ...ctx, realtime };

  for (const module of modules) {
    if (module.devOnly && !config.devTools) continue;
    await app.register(module.routes, { prefix: "/api/v1", ctx: moduleCtx });
  }

  await serveWebApp(app, config.devTools, options.webDist ?? webDistDir);
  return app;
}

/**
 * How long a browser may keep a file of the web app. Vite names what it builds under assets/ by its
 * content, so a new version is a new URL and the old one can be kept for a year without asking.
 * Everything else (index.html, which names the current assets; robots.txt) is revalidated on every
 * use (ETag), so a deployment shows at the next load. The fonts are copied from bootstrap-italia
 * under fixed names: a day.
 */
export function webCacheControl(pathInBuild: string): string {
  if (pathInBuild.startsWith("assets/")) return "public, max-age=31536000, immutable";
  if (pathInBuild.startsWith("fonts/")) return "public, max-age=86400";
  return "no-cache";
}

/**
 * The file that answers a page: its prerendered copy when the build has one (`login.html` for
 * /login, apps/web/vite-plugins/prerender.ts: painted before the JavaScript arrives), else index.html.
 */
export function pageFile(webDist: string, url: string): string {
  const path = url.split("?")[0] ?? "";
  if (/^\/[a-z-]+$/.test(path) && existsSync(`${webDist}${path}.html`)) return `${path.slice(1)}.html`;
  return "index.html";
}

/** The built single-page app, with every non-API path answered by index.html (client routing). */
async function serveWebApp(app: FastifyInstance, devTools: boolean, webDist: string): Promise<void> {
  const hasBuild = existsSync(`${webDist}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes x.br and x.gz next to each text file (apps/web/vite-plugins/precompress.ts):
      // sent by Accept-Encoding, with Vary, without compressing per request.
      preCompressed: true,
      globIgnore: ["**/*.br", "**/*.gz"],
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header("cache-control", webCacheControl(relative(webDist, path)));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing built file (an old tab asking for a chunk a new version replaced) is a 404: answered
    // with the page, the browser would fail on HTML where it expects a script.
    const isPage =
      request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/assets/") && hasBuild;
    // Development pages (the outbox) do not exist in production: the app renders its not-found page.
    if (isPage) {
      const status = !devTools && request.url.startsWith("/dev/") ? 404 : 200;
      return reply.status(status).header("cache-control", "no-cache").sendFile(pageFile(webDist, request.url));
    }
    return reply.status(404).send({ message: "Risorsa non trovata" });
  });
}
