import { ZBookingPagedResponse } from "@cura/domain";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSerializerCompiler, serializationSchema } from "./serializer.ts";

const contract = z.object({
  data: z.array(
    z.object({
      hashid: z.string(),
      kind: z.enum(["prenotazione", "ordine"]),
      place: z.object({ hashid: z.string(), name: z.string() }).nullable(),
      start: z.string().nullable(),
      available: z.number().int().nullable(),
      tags: z.array(z.string()).nullable(),
      detail: z.record(z.string(), z.number()),
      answer: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      extra: z.unknown(),
      message: z.string().optional(),
      flag: z.boolean(),
    }),
  ),
  meta: z.object({ page: z.number(), total: z.number() }),
});

const row = (n: number, overrides: Record<string, unknown> = {}) => ({
  hashid: `h${n}`,
  kind: n % 2 ? "prenotazione" : "ordine",
  place: n % 3 ? { hashid: `p${n}`, name: `Farmacia "${n}" \u00e8 qui\n` } : null,
  start: n % 2 ? new Date(Date.UTC(2026, 10, n)).toISOString() : null,
  available: n % 4 ? n : null,
  tags: n % 5 ? ["a", `b${n}`] : null,
  detail: { x: n, y: -n / 3 },
  answer: n % 2 ? { a: "uno" } : { b: n },
  extra: n % 2 ? { nested: [1, "2", null] } : null,
  ...(n % 3 ? { message: "ciao" } : {}),
  flag: n % 2 === 0,
  ...overrides,
});

const compile = (verify: boolean, schema: unknown = contract) =>
  createSerializerCompiler({ verify })({ schema, method: "GET", url: "/test", httpStatus: "200" });

describe("response serialisation (fast-json-stringify from the zod contracts)", () => {
  it("writes what zod's parse and JSON.stringify wrote, nulls, unions, records and optional fields alike", () => {
    const answer = { data: Array.from({ length: 12 }, (_, n) => row(n)), meta: { page: 1, total: 12 } };
    const expected = JSON.parse(JSON.stringify(contract.parse(answer)));
    for (const verify of [false, true]) expect(JSON.parse(compile(verify)(answer))).toEqual(expected);
  });

  it("leaves out what the contract does not name, as zod did, so a field added by mistake never leaves", () => {
    const answer = { data: [row(1, { password_hash: "secret" })], meta: { page: 1, total: 1, sql: "select" } };
    for (const verify of [false, true]) {
      const text = compile(verify)(answer);
      expect(text).not.toContain("secret");
      expect(text).not.toContain("select");
    }
  });

  it("outside production still fails an answer that breaks its contract (a 500, as before)", () => {
    const wrong = { data: [row(1, { kind: "altro" })], meta: { page: 1, total: 1 } };
    expect(() => compile(true)(wrong)).toThrow(/did not match the schema|Response doesn't match the schema/);
    // In production the contract is not checked at run time any more: the tests above are the check.
    expect(() => compile(false)(wrong)).not.toThrow();
  });

  it("turns a nullable object into fast-json-stringify's nullable, not a union it would validate with ajv", () => {
    const schema = serializationSchema(ZBookingPagedResponse) as {
      definitions: { Booking: { properties: Record<string, unknown> } };
    };
    const booking = schema.definitions.Booking.properties;
    expect(booking.health_service).toMatchObject({ type: "object", nullable: true });
    expect(booking.start).toEqual({ type: ["string", "null"] });
    expect(JSON.stringify(schema)).not.toContain('"anyOf"');
  });
});
