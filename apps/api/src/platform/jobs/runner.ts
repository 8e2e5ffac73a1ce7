import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { type Db, fromPglite, PgBoss } from "pg-boss";

/**
 * The job runner (DESIGN §2 "jobs and schedules"): pg-boss on the application's database, PGlite
 * or PostgreSQL. A job is a named piece of work on a cron schedule; pg-boss's scheduler puts one job
 * in its queue per tick across every API instance, and one worker claims it (SKIP LOCKED), so a
 * scheduled job runs once however many instances run. A job must still be safe to run twice (a
 * retry after a crash): the use cases it calls lock their rows and check before they write.
 */

export interface JobDefinition {
  /** The queue's name (letters, digits, dashes). */
  name: string;
  /** When it runs (cron, Italian time). */
  cron: string;
  run(): Promise<void>;
}

export interface JobRunner {
  /** Adds a job; modules call it while they register their routes, before the runner starts. */
  define(job: JobDefinition): void;
  /** Starts pg-boss, creates the queues and schedules, and the workers. */
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly started: boolean;
  /**
   * Runs the named job (or every job) now, in this process, bypassing the queue: tests, and
   * development tools that must not wait for the next tick.
   */
  runNow(name?: string): Promise<void>;
  /** Queues one run of a job now through pg-boss (some instance's worker takes it once). */
  trigger(name: string): Promise<void>;
}

export interface JobRunnerOptions {
  /** The embedded database, or the PostgreSQL pool. */
  pglite?: PGlite;
  pool?: pg.Pool;
  log: {
    debug(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

const TIME_ZONE = "Europe/Rome";

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const jobs = new Map<string, JobDefinition>();
  let boss: PgBoss | null = null;

  const database = (): Db => {
    if (options.pglite) return fromPglite(options.pglite);
    const pool = options.pool;
    if (!pool) throw new Error("job runner: no database");
    return { executeSql: (text, values) => pool.query(text, values as unknown[]) };
  };

  const runOne = async (job: JobDefinition) => {
    const started = Date.now();
    try {
      await job.run();
      options.log.debug({ job: job.name, ms: Date.now() - started }, "job done");
    } catch (error) {
      options.log.error({ job: job.name, err: error }, "job failed");
      throw error;
    }
  };

  return {
    define(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} defined twice`);
      jobs.set(job.name, job);
    },
    get started() {
      return boss !== null;
    },
    async start() {
      if (boss) return;
      const instance = new PgBoss({
        db: database(),
        ...(options.pglite ? { backend: "pglite" as const } : {}),
      });
      instance.on("error", (error) => options.log.error({ err: error }, "job runner error"));
      await instance.start();
      for (const job of jobs.values()) {
        // One queued run at a time per job: a tick that finds one waiting adds nothing.
        await instance.createQueue(job.name, { policy: "stately" });
        await instance.schedule(job.name, job.cron, null, { tz: TIME_ZONE });
        // Jobs here are schedules, not a stream: a slow poll keeps the embedded database's one connection free.
        await instance.work(job.name, { pollingIntervalSeconds: 10 }, async () => runOne(job));
      }
      boss = instance;
      options.log.info({ jobs: [...jobs.keys()] }, "job runner started");
    },
    async stop() {
      const instance = boss;
      boss = null;
      if (instance) await instance.stop({ graceful: true, timeout: 5000 });
    },
    async runNow(name) {
      const selected = name ? [jobs.get(name)] : [...jobs.values()];
      for (const job of selected) {
        if (!job) throw new Error(`job ${name} is not defined`);
        await runOne(job);
      }
    },
    async trigger(name) {
      if (!boss) throw new Error("job runner not started");
      if (!jobs.has(name)) throw new Error(`job ${name} is not defined`);
      await boss.send(name, {});
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    /** The job runner (tests run due jobs with `app.jobs.runNow()`). */
    jobs: JobRunner;
  }
}
