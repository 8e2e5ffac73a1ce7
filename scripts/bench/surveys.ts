/**
 * npm run bench:surveys — a survey's XLS report at scale on PostgreSQL (issue 13 "Performance").
 *
 * Creates its own database (cura_bench_surveys on BENCH_DATABASE_URL's server), migrates it, seeds the
 * demo world (Farmacia San Marco's manager signs in with it), then adds with set-based SQL a survey of
 * `--questions` questions (default 30: single choice of 5 options, multiple choice of 4, free text, in
 * turn) in an activity of the pharmacy, `--people` citizens with their personal records (default
 * 2,000) and `--fills` fills of the survey (default 10,000) spread over them and over a year, each
 * one of 64 answer patterns, scored.
 *
 * Then it starts the API as `npm run serve` does (the bundle, NODE_ENV=production, a child process on
 * a port of 4580–4589), signs the manager in, and downloads `activities/surveys/filled/xls/{id}` (a
 * row per fill, a column per question, streamed) to the end while the API's resident memory is
 * sampled every 50 ms; the workbook is read back to check it has every fill.
 *
 * Goals: the whole download under 20 s, the API's peak RSS under 200 MB. A goal missed is reported and
 * the run exits 1. The database is dropped at the end, also on failure (BENCH_KEEP=1 keeps it).
 * `--quick`: 2,000 fills, a smoke run of the same steps. Not part of npm test.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { checkFill, scoreFill, type TSurveyAnswer, type TSurveyTemplate, ZSurveyTemplate } from "@cura/domain";
import ExcelJS from "exceljs";
import pg from "pg";
import { spawnMeasured, stop, usageOf, waitFor } from "./processes.ts";

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const QUICK = process.argv.includes("--quick");
const FILLS = flag("fills", QUICK ? 2_000 : 10_000);
const QUESTIONS = flag("questions", 30);
const PEOPLE = flag("people", 2_000);
const SERVER = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const NAME = "cura_bench_surveys";
const PORTS = [4580, 4589];
const GOALS = { seconds: 20, rssMb: 200 };
const MANAGER_EMAIL = "farmacia.admin@cura.demo";
const SURVEY_NAME = "Benchmark: questionario di 30 domande";
const PATTERNS = 64;

const { openDatabase } = await import("../../apps/api/src/db/client.ts");
const { migrate } = await import("../../apps/api/src/db/migrate.ts");
const { seedDemoData, DEMO_PASSWORD } = await import("../../apps/api/src/db/seed.ts");

const url = new URL(SERVER);
url.pathname = `/${NAME}`;
const databaseUrl = url.toString();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

// ─── Data ────────────────────────────────────────────────────────────────────────────────────

type Template = TSurveyTemplate;
type Answer = TSurveyAnswer;

const SINGLE = ["Mai", "Raramente", "A volte", "Spesso", "Sempre"];
const MULTIPLE = ["Mattina", "Pomeriggio", "Sera", "Notte"];

/** The survey: questions of the three kinds in turn, the single-choice ones scored 0–4 and summed. */
function benchTemplate(): Template {
  const domande = Array.from({ length: QUESTIONS }, (_, i) => {
    const n = i + 1;
    if (i % 3 === 0) return { q: `Domanda ${n}: con quale frequenza?`, o: SINGLE, cb: false, r: true };
    if (i % 3 === 1) return { q: `Domanda ${n}: in quali momenti?`, o: MULTIPLE, cb: true, r: false };
    return { q: `Domanda ${n}: descrivi brevemente`, o: [], cb: false, r: false };
  });
  const points = Object.fromEntries(
    domande.flatMap((_, i) => (i % 3 === 0 ? [[String(i), Object.fromEntries(SINGLE.map((o, p) => [o, p]))]] : [])),
  );
  return ZSurveyTemplate.parse({
    nome: SURVEY_NAME,
    info: "Questionario del benchmark.",
    domande,
    scoring: { method: "sum", points, bands: [{ min: 0, max: 1000, label: "Tutti" }] },
  });
}

/** An answer pattern (each fill takes one), checked and scored as the server would. */
function pattern(template: Template, k: number): { answers: Answer[]; score: number } {
  const answers = template.domande.map((_, i): Answer => {
    if (i % 3 === 0) return SINGLE[(k + i) % SINGLE.length] as string;
    if (i % 3 === 1) return MULTIPLE.filter((_, m) => (k + i + m) % 3 !== 0);
    return (k + i) % 4 === 0 ? null : `Risposta libera ${k}-${i}: qualche parola per una cella di testo.`;
  });
  const checked = checkFill(template, answers);
  if (!checked.ok) throw new Error(`answer pattern ${k} does not pass the template`);
  return { answers: checked.answers, score: scoreFill(template, checked.answers)?.value ?? 0 };
}

async function generate(sql: pg.Client): Promise<void> {
  const t = Date.now();
  const { rows: found } = await sql.query<{ company_id: number; manager_id: number }>(
    `select o.company_id, u.id as manager_id from operators o join users u on u.id = o.user_id where u.email = $1`,
    [MANAGER_EMAIL],
  );
  const pharmacy = found[0];
  if (!pharmacy) throw new Error("the demo pharmacy's manager is missing");
  const template = benchTemplate();
  const { rows: activity } = await sql.query<{ id: number }>(
    `insert into survey_activities (company_id, name, description, start_date, created_by)
     values ($1, 'Benchmark', 'Attività del benchmark', '2026-01-01', $2) returning id`,
    [pharmacy.company_id, pharmacy.manager_id],
  );
  const activityId = activity[0]?.id as number;
  await sql.query("insert into survey_activity_companies (activity_id, company_id, enabled) values ($1, $2, true)", [
    activityId,
    pharmacy.company_id,
  ]);
  const { rows: survey } = await sql.query<{ id: number }>(
    `insert into surveys (activity_id, name, description, template, created_by)
     values ($1, $2, 'Benchmark', $3::jsonb, $4) returning id`,
    [activityId, SURVEY_NAME, JSON.stringify(template), pharmacy.manager_id],
  );
  const surveyId = survey[0]?.id as number;
  await sql.query("insert into survey_companies (survey_id, company_id, enabled) values ($1, $2, true)", [
    surveyId,
    pharmacy.company_id,
  ]);

  // The people the fills are about, each with a name (the export's "Compilato per").
  const { rows: people } = await sql.query<{ id: number }>(
    `insert into users (email, type, i_am)
     select 'bench.questionari.' || g || '@cura.bench', 0, 'cittadino' from generate_series(1, $1::int) g
     returning id`,
    [PEOPLE],
  );
  const ids = people.map((p) => p.id);
  await sql.query(
    `insert into anagrafiche (user_id, name, surname)
     select id, (array['Maria','Luca','Giulia','Marco','Sara','Paolo'])[1 + id % 6],
            (array['Rossi','Bianchi','Esposito','Romano','Colombo','Ricci','Greco'])[1 + id % 7] || ' ' || id
     from unnest($1::int[]) id`,
    [ids],
  );

  const patterns = Array.from({ length: PATTERNS }, (_, k) => pattern(template, k));
  await sql.query(
    `insert into filled_surveys (survey_id, survey_version, template, answers, user_id, filled_by, company_id,
                                 score, score_band, created_at, updated_at)
     select $1, 1, $2::jsonb, ($3::jsonb) -> (g % $4), p.id, p.id, $5,
            (($6::jsonb) ->> (g % $4))::float8, 'Tutti',
            now() - ((g % 365) || ' days')::interval, now() - ((g % 365) || ' days')::interval
     from generate_series(1, $7::int) g
     cross join lateral (select ($8::int[])[1 + g % $9] as id) p`,
    [
      surveyId,
      JSON.stringify(template),
      JSON.stringify(patterns.map((p) => p.answers)),
      PATTERNS,
      pharmacy.company_id,
      JSON.stringify(patterns.map((p) => p.score)),
      FILLS,
      ids,
      ids.length,
    ],
  );
  await sql.query("vacuum analyze");
  console.log(`  a survey of ${QUESTIONS} questions, ${PEOPLE} people, ${FILLS} fills: ${seconds(t)} s`);
}

// ─── Processes ───────────────────────────────────────────────────────────────────────────────

/** A free port of this benchmark's range. */
async function portInRange(): Promise<number> {
  const { createServer } = await import("node:net");
  for (let port = PORTS[0] as number; port <= (PORTS[1] as number); port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${PORTS.join("–")}`);
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), "cura-bench-surveys-"));
  let api: ChildProcess | null = null;
  let failed = false;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  const sql = new pg.Client({ connectionString: databaseUrl });
  const cleanup = async () => {
    await stop(api);
    await sql.end().catch(() => {});
    if (process.env.BENCH_KEEP !== "1") await admin.query(`drop database if exists ${NAME} with (force)`);
    await admin.end();
    if (failed) {
      try {
        const text = readFileSync(join(workDir, "api.log"), "utf8").trim();
        if (text) console.log(`api.log (last lines):\n${text.split("\n").slice(-20).join("\n")}`);
      } catch {
        // No log.
      }
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    console.log(
      `bench:surveys — ${FILLS} fills of a ${QUESTIONS}-question survey${QUICK ? " (quick)" : ""}; ` +
        `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, load average ${loadavg()[0]?.toFixed(1)}`,
    );
    const started = Date.now();
    await admin.query(`drop database if exists ${NAME} with (force)`);
    await admin.query(`create database ${NAME}`);
    const database = await openDatabase({ databaseUrl, poolSize: 2 });
    try {
      await migrate(database);
      await seedDemoData(database.db);
    } finally {
      await database.close();
    }
    await sql.connect();
    await generate(sql);
    console.log(`prepared in ${seconds(started)} s`);

    // The API as `npm run serve` runs it: the bundle (built first when its sources changed).
    const port = await portInRange();
    const base = `http://127.0.0.1:${port}/api/v1`;
    api = spawnMeasured(
      "scripts/serve.js",
      {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DATA_DIR: workDir,
        STORAGE_DIR: join(workDir, "files"),
        APP_SECRET: randomBytes(32).toString("hex"),
        FILES_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
      },
      join(workDir, "api.log"),
      ["--max-semi-space-size=4"],
    );
    await waitFor(`${base}/health`, api, 300_000);
    const login = await fetch(`${base}/users/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: MANAGER_EMAIL, password: DEMO_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };
    const surveys = (await (await fetch(`${base}/activities/own/surveys?per_page=100`, { headers })).json()) as {
      data: Array<{ hashid: string; name: string }>;
    };
    const survey = surveys.data.find((s) => s.name === SURVEY_NAME);
    if (!survey) throw new Error("the benchmark's survey is not listed for the manager");

    // A small export first (the code paths warm, as after a few requests in production).
    const warm = await fetch(`${base}/activities/surveys/filled/all/${survey.hashid}`, { headers });
    if (warm.status !== 200) throw new Error(`fills list: ${warm.status}`);
    await warm.arrayBuffer();

    const before = await usageOf(api);
    let peak = before.rssMb;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, (await usageOf(api as ChildProcess)).rssMb);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const t0 = Date.now();
    const response = await fetch(`${base}/activities/surveys/filled/xls/${survey.hashid}`, { headers });
    if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    let firstByte = 0;
    for await (const chunk of response.body) {
      if (bytes === 0) firstByte = Date.now() - t0;
      bytes += (chunk as Uint8Array).byteLength;
      chunks.push(chunk as Uint8Array);
    }
    const exportMs = Date.now() - t0;
    sampling = false;
    await sampler;
    const after = await usageOf(api);
    const cpuSeconds = (after.cpuMs - before.cpuMs) / 1000;

    // Read back: a header and a row per fill, a column per question after the four fixed ones.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = sheet?.actualRowCount ?? 0;
    const columns = sheet?.actualColumnCount ?? 0;

    console.log(
      `\nexport of ${FILLS} fills × ${QUESTIONS} questions: ${(bytes / 2 ** 20).toFixed(1)} MB in ` +
        `${(exportMs / 1000).toFixed(1)} s (first byte ${firstByte} ms), API CPU ${cpuSeconds.toFixed(1)} s; ` +
        `API RSS ${before.rssMb.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB ` +
        `(+${(peak - before.rssMb).toFixed(0)}), ${after.rssMb.toFixed(0)} MB after; ` +
        `load average ${loadavg()[0]?.toFixed(1)}`,
    );
    const checks: Array<[string, boolean]> = [
      [`time < ${GOALS.seconds} s`, exportMs < GOALS.seconds * 1000],
      [`peak RSS < ${GOALS.rssMb} MB`, peak < GOALS.rssMb],
      [`${FILLS + 1} rows (header and fills)`, rows === FILLS + 1],
      [`${QUESTIONS + 4} columns`, columns === QUESTIONS + 4],
    ];
    for (const [name, ok] of checks) {
      console.log(`  ${ok ? "met" : "MISSED"}: ${name}`);
      failed ||= !ok;
    }
    console.log(`whole run ${seconds(started)} s`);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await cleanup();
  }
  process.exit(failed ? 1 : 0);
}

await main();
