import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, tinyPdf, tinyPng } from "../../../test/files-fixtures.ts";
import { accounts, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let citizen: string;
let other: string;

beforeAll(async () => {
  t = await createTestContext();
  citizen = await t.login(accounts.citizen);
  other = await t.login(accounts.citizen2);
});
afterAll(() => t.close());

const upload = (token: string | undefined, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return t.request({
    method: "POST",
    url: "/api/v1/resources/public",
    token,
    payload: body.payload,
    headers: body.headers,
  });
};

function storedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((entry) => join(dir, String(entry)))
    .filter((path) => statSync(path).isFile());
}

describe("POST /resources/public", () => {
  it("stores an image and answers its hashid, path and name", async () => {
    const response = await upload(citizen, [
      { name: "file", filename: "foto.png", content: tinyPng, type: "image/png" },
      { name: "name", value: "La mia foto" },
    ]);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ name: "La mia foto", full_path: `/api/v1/resources/private/${data.hashid}` });
    expect(data.hashid).toMatch(/^[A-Za-z0-9]{8,}$/);

    const download = await t.request({ method: "GET", url: data.full_path, token: citizen });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.rawPayload.equals(tinyPng)).toBe(true);
  });

  it("refuses anonymous uploads", async () => {
    const response = await upload(undefined, [{ name: "file", filename: "foto.png", content: tinyPng }]);
    expect(response.statusCode).toBe(401);
  });

  it("refuses a pdf unless the upload is encrypted, judging by content not by name", async () => {
    const plain = await upload(citizen, [
      { name: "file", filename: "referto.pdf", content: tinyPdf, type: "application/pdf" },
    ]);
    expect(plain.statusCode).toBe(422);
    expect(plain.json()).toMatchObject({
      code: "invalidFile",
      message: "file non valido o di dimensioni eccessive, max 8 MB",
    });

    const disguised = await upload(citizen, [
      { name: "file", filename: "foto.png", content: Buffer.from("not an image"), type: "image/png" },
    ]);
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().errors.file).toEqual(["file non valido o di dimensioni eccessive, max 8 MB"]);
  });

  it("encrypts at rest when asked, and gives the plain file back only to its owner", async () => {
    const before = new Set(storedFiles(t.storageDir));
    const response = await upload(citizen, [
      { name: "file", filename: "referto.pdf", content: tinyPdf },
      { name: "encrypt", value: "true" },
      { name: "has_owner", value: "true" },
    ]);
    expect(response.statusCode).toBe(200);
    const { hashid, full_path } = response.json().data;

    const written = storedFiles(t.storageDir).filter((path) => !before.has(path));
    expect(written).toHaveLength(1);
    const onDisk = readFileSync(written[0] as string);
    expect(onDisk.includes(Buffer.from("Maria Rossi"))).toBe(false);
    expect(onDisk.includes(Buffer.from("%PDF"))).toBe(false);

    const mine = await t.request({ method: "GET", url: full_path, token: citizen });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("application/pdf");
    expect(mine.rawPayload.equals(tinyPdf)).toBe(true);

    const theirs = await t.request({ method: "GET", url: `/api/v1/resources/private/${hashid}`, token: other });
    expect(theirs.statusCode).toBe(404);
    const anonymous = await t.request({ method: "GET", url: full_path });
    expect(anonymous.statusCode).toBe(401);
  });

  it("allows only images for the profile picture, even encrypted", async () => {
    const response = await upload(citizen, [
      { name: "file", filename: "doc.pdf", content: tinyPdf },
      { name: "destination", value: "profilo" },
      { name: "encrypt", value: "true" },
    ]);
    expect(response.statusCode).toBe(422);
  });

  it("refuses a file over 8 MB and stores nothing", async () => {
    const before = storedFiles(t.storageDir).length;
    const big = Buffer.concat([tinyPng, Buffer.alloc(8 * 1024 * 1024)]);
    const response = await upload(citizen, [{ name: "file", filename: "grande.png", content: big }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe("invalidFile");
    expect(storedFiles(t.storageDir)).toHaveLength(before);
  });

  it("takes several files through files[] and answers a list; one bad file stores none", async () => {
    const ok = await upload(citizen, [
      { name: "files[]", filename: "a.png", content: tinyPng },
      { name: "files[]", filename: "b.png", content: tinyPng },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.map((f: { name: string }) => f.name)).toEqual(["a.png", "b.png"]);

    const before = storedFiles(t.storageDir).length;
    const mixed = await upload(citizen, [
      { name: "files[]", filename: "a.png", content: tinyPng },
      { name: "files[]", filename: "b.txt", content: Buffer.from("hello") },
    ]);
    expect(mixed.statusCode).toBe(422);
    expect(storedFiles(t.storageDir)).toHaveLength(before);
  });

  it("answers 422 for malformed fields", async () => {
    const response = await upload(citizen, [
      { name: "file", filename: "a.png", content: tinyPng },
      { name: "encrypt", value: "forse" },
    ]);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain("encrypt");
  });
});

describe("GET /resources/private/{id}", () => {
  it("answers 404 for an unknown or malformed id", async () => {
    expect(
      (await t.request({ method: "GET", url: "/api/v1/resources/private/zzzzzzzz", token: citizen })).statusCode,
    ).toBe(404);
  });
});
