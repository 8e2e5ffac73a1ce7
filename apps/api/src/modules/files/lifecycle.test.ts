import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPdf, tinyPng } from "../../../test/files-fixtures.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { loadConfig } from "../../config.ts";
import { createIds } from "../../platform/ids.ts";
import { type Caller, demoCallers } from "../companies/test-helpers.ts";
import { storedFiles } from "./tables.ts";

/**
 * A file's bytes and its row live and die together (issue 9 §4): no bytes without a row after a
 * failed write, no readable file once its last record is gone, orphans swept by a job, and health
 * content encrypted at rest whatever the client asks.
 */

let t: TestContext;
let people: Awaited<ReturnType<typeof demoCallers>>;
const ids = createIds(loadConfig({ NODE_ENV: "test" }).hashids);

beforeAll(async () => {
  t = await createTestContext();
  people = await demoCallers(t);
  // A database failure on demand: a row whose name (or title) is "fallisce" cannot be written.
  await t.database.db.execute(sql`
    create function cura_test_fail() returns trigger language plpgsql as $$
    begin
      if (to_jsonb(new) ->> 'name') = 'fallisce' or (to_jsonb(new) ->> 'title') = 'fallisce' then
        raise exception 'scrittura rifiutata dal test';
      end if;
      return new;
    end $$`);
  await t.database.db.execute(
    sql`create trigger cura_test_fail before insert on stored_files for each row execute function cura_test_fail()`,
  );
  await t.database.db.execute(
    sql`create trigger cura_test_fail before insert on company_archives for each row execute function cura_test_fail()`,
  );
});
afterAll(() => t.close());

function blobs(): string[] {
  if (!existsSync(t.storageDir)) return [];
  return readdirSync(t.storageDir, { recursive: true })
    .map((entry) => join(t.storageDir, String(entry)))
    .filter((path) => statSync(path).isFile());
}

async function fileRows(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(storedFiles);
  return row?.n ?? 0;
}

async function blobOf(hashid: string): Promise<string> {
  const [row] = await t.database.db
    .select({ key: storedFiles.storageKey })
    .from(storedFiles)
    .where(eq(storedFiles.id, ids.decode(hashid) as number));
  if (!row) throw new Error(`no row for ${hashid}`);
  return join(t.storageDir, row.key);
}

async function upload(c: Caller, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  return t.request({
    method: "POST",
    url: "/api/v1/resources/public",
    token: c.token,
    payload: body.payload,
    headers: body.headers,
  });
}

async function uploadPng(c: Caller, destination?: string): Promise<string> {
  const response = await upload(c, [
    { name: "file", filename: "foto.png", content: tinyPng, type: "image/png" },
    ...(destination ? [{ name: "destination", value: destination }] : []),
  ]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.hashid;
}

async function addToArchive(c: Caller, title: string) {
  const body = multipart([
    { name: "title", value: title },
    { name: "file", filename: "procedura.pdf", content: tinyPdf, type: "application/pdf" },
  ]);
  return t.request({
    method: "POST",
    url: "/api/v1/companyarchives",
    token: c.token,
    payload: body.payload,
    headers: body.headers,
  });
}

describe("a failed write leaves no bytes behind", () => {
  it("an upload whose row cannot be inserted deletes the bytes it wrote", async () => {
    const before = { blobs: blobs().length, rows: await fileRows() };
    const response = await upload(people.citizen, [
      { name: "file", filename: "foto.png", content: tinyPng },
      { name: "name", value: "fallisce" },
    ]);
    expect(response.statusCode).toBe(500);
    expect(await fileRows()).toBe(before.rows);
    expect(blobs()).toHaveLength(before.blobs);
  });

  it("an archive entry that cannot be written leaves neither its file's row nor its bytes", async () => {
    const before = { blobs: blobs().length, rows: await fileRows() };
    const response = await addToArchive(people.pharmacyAdmin, "fallisce");
    expect(response.statusCode).toBe(500);
    expect(await fileRows()).toBe(before.rows);
    expect(blobs()).toHaveLength(before.blobs);
  });
});

describe("a file goes with its last record", () => {
  it("deleting an archive entry deletes its file: 404 even for its uploader, no bytes on disk", async () => {
    const created = await addToArchive(people.pharmacyOperator, "Procedura di chiusura");
    expect(created.statusCode, created.body).toBe(201);
    const { id, file } = created.json().data;
    const path = await blobOf(file.hashid);
    expect(existsSync(path)).toBe(true);

    const removed = await people.pharmacyAdmin.call("DELETE", `companyarchives/${id}`);
    expect(removed.statusCode).toBe(200);
    expect((await people.pharmacyOperator.get(`resources/private/${file.hashid}`)).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.get(`resources/private/${file.hashid}`)).statusCode).toBe(404);
    expect(existsSync(path)).toBe(false);
  });

  it("a replaced or removed profile picture is deleted; the current one stays", async () => {
    const first = await uploadPng(people.citizen2, "profilo");
    const second = await uploadPng(people.citizen2, "profilo");
    const [firstPath, secondPath] = [await blobOf(first), await blobOf(second)];
    const set = (resource: string) => people.citizen2.call("POST", "users/profile/picture", { resource });

    expect((await set(first)).statusCode).toBe(200);
    expect((await set(first)).statusCode).toBe(200);
    expect(existsSync(firstPath)).toBe(true);
    expect((await set(second)).statusCode).toBe(200);
    expect((await people.citizen2.get(`resources/private/${first}`)).statusCode).toBe(404);
    expect(existsSync(firstPath)).toBe(false);
    expect((await people.citizen2.get(`resources/private/${second}`)).statusCode).toBe(200);

    expect((await people.citizen2.call("DELETE", "users/profile/picture")).statusCode).toBe(200);
    expect((await people.citizen2.get(`resources/private/${second}`)).statusCode).toBe(404);
    expect(existsSync(secondPath)).toBe(false);
  });

  it("a replaced company picture and a removed attachment are deleted", async () => {
    const logo = await uploadPng(people.pharmacyAdmin, "azienda");
    const newLogo = await uploadPng(people.pharmacyAdmin, "azienda");
    const logoPath = await blobOf(logo);
    const setLogo = (resource: string) =>
      people.pharmacyAdmin.call("POST", "companies/own/profile/picture", { resource });
    expect((await setLogo(logo)).statusCode).toBe(200);
    expect((await setLogo(newLogo)).statusCode).toBe(200);
    expect((await people.citizen.get(`resources/private/${logo}`)).statusCode).toBe(404);
    expect((await people.pharmacyAdmin.get(`resources/private/${logo}`)).statusCode).toBe(404);
    expect(existsSync(logoPath)).toBe(false);
    expect((await people.citizen.get(`resources/private/${newLogo}`)).statusCode).toBe(200);

    const created = await people.pharmacyAdmin.call("POST", "healthservices", {
      name: "Holter pressorio",
      slot_minutes: 30,
      position_ref: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json().data.hashid;
    const notes = await uploadPng(people.pharmacyAdmin, "allegati");
    const notesPath = await blobOf(notes);
    const attach = (action: "add" | "remove") =>
      people.pharmacyAdmin.call("POST", `healthservices/allegati/${action}/${service}`, { resource: notes });
    expect((await attach("add")).statusCode).toBe(200);
    expect((await attach("remove")).statusCode).toBe(200);
    expect((await people.pharmacyAdmin.get(`resources/private/${notes}`)).statusCode).toBe(404);
    expect(existsSync(notesPath)).toBe(false);
  });

  it("a file still used elsewhere stays when one of its uses goes", async () => {
    // The same image as the operator's own picture and as the company's: removing one keeps it.
    const shared = await uploadPng(people.pharmacyAdmin, "azienda");
    expect((await people.pharmacyAdmin.call("POST", "users/profile/picture", { resource: shared })).statusCode).toBe(
      200,
    );
    expect(
      (await people.pharmacyAdmin.call("POST", "companies/own/profile/picture", { resource: shared })).statusCode,
    ).toBe(200);
    expect((await people.pharmacyAdmin.call("DELETE", "companies/own/profile/picture")).statusCode).toBe(200);
    expect((await people.pharmacyAdmin.get(`resources/private/${shared}`)).statusCode).toBe(200);
    expect(existsSync(await blobOf(shared))).toBe(true);
  });
});

describe("the orphan sweep", () => {
  it("removes bytes with no row older than an hour; keeps fresh ones and those with a row", async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    mkdirSync(join(t.storageDir, "order"), { recursive: true });
    const oldOrphan = join(t.storageDir, "order", "orfano-vecchio");
    const freshOrphan = join(t.storageDir, "order", "orfano-recente");
    writeFileSync(oldOrphan, "resto di un caricamento fallito");
    utimesSync(oldOrphan, twoHoursAgo, twoHoursAgo);
    writeFileSync(freshOrphan, "caricamento in corso");
    const kept = await uploadPng(people.citizen);
    const keptPath = await blobOf(kept);
    utimesSync(keptPath, twoHoursAgo, twoHoursAgo);

    await t.app.jobs.runNow("files-orphans");

    expect(existsSync(oldOrphan)).toBe(false);
    expect(existsSync(freshOrphan)).toBe(true);
    expect(existsSync(keptPath)).toBe(true);
    const download = await people.citizen.get(`resources/private/${kept}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(tinyPng)).toBe(true);
  });
});

describe("health content is encrypted at rest", () => {
  it("a prescription uploaded with encrypt=false is stored encrypted and read back in clear", async () => {
    const response = await upload(people.citizen, [
      { name: "file", filename: "ricetta.png", content: tinyPng, type: "image/png" },
      { name: "encrypt", value: "false" },
      { name: "destination", value: "order" },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { hashid } = response.json().data;
    const raw = readFileSync(await blobOf(hashid));
    expect(raw.equals(tinyPng)).toBe(false);
    expect(raw.includes(Buffer.from("IHDR"))).toBe(false);

    const download = await people.citizen.get(`resources/private/${hashid}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.rawPayload.equals(tinyPng)).toBe(true);
  });

  it("a profile picture or a company logo is not health content: stored as sent", async () => {
    for (const destination of ["profilo", "azienda"]) {
      const hashid = await uploadPng(people.pharmacyAdmin, destination);
      expect(readFileSync(await blobOf(hashid)).equals(tinyPng)).toBe(true);
    }
  });
});
