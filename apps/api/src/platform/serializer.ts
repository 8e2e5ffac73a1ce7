import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { $ZodType, safeEncode, toJSONSchema } from "zod/v4/core";

/**
 * Response serialisation from the routes' zod contracts through fast-json-stringify (Fastify's own
 * serialiser) instead of fastify-type-provider-zod's, which validates every answer with zod
 * (`safeEncode`) and then runs JSON.stringify: for a list of 20 bookings or a week of slots that was
 * the largest share of the API's CPU per request (issue 15, docs/performance.md). The contract is
 * turned into a JSON schema once per route and status; fast-json-stringify writes only the
 * properties the contract names, as zod's parse did, so a field a presenter adds by mistake still
 * never reaches a client.
 *
 * What it gives up is the run-time check that the answer matches its contract. That check moves to
 * where it finds bugs: with `verify` (tests and development) each answer is still validated by zod
 * (a mismatch is the same 500 as before) and the fast output is compared with zod's; a difference
 * fails the request, naming the route, so the whole API test suite proves both agree.
 */
export function createSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const contract = resolveSchema(schema);
    const compile = () => fastJson(serializationSchema(contract) as unknown as Parameters<typeof fastJson>[0]);
    if (!options.verify) {
      // Fastify compiles every route's serialiser at start: ~450 generated functions, whose sources,
      // code and closures V8 keeps (about 15 MB resident, and a third of the start's time), most of
      // them for routes a given process rarely serves. In production each is made on its route's
      // first answer; with `verify` all are made at start, so the test suite still proves that
      // every contract compiles.
      let stringify: ((data: unknown) => string) | undefined;
      return (data) => {
        stringify ??= compile();
        return stringify(data);
      };
    }
    const stringify = compile();
    return (data) => {
      const encoded = safeEncode(contract, data);
      if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      const fast = stringify(data);
      const expected = JSON.stringify(encoded.data);
      // Both write the contract's keys in its order, so the texts are usually identical; else compare values.
      if (fast !== expected && !isDeepStrictEqual(JSON.parse(fast), JSON.parse(expected))) {
        throw new Error(`${method} ${url}: fast-json-stringify and zod disagree on the answer:\n${fast}\n${expected}`);
      }
      return fast;
    };
  };
}

function resolveSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`Not a zod schema: ${JSON.stringify(maybeSchema)}`);
}

type JsonSchema = Record<string, unknown>;

/**
 * The contract's JSON schema in the form fast-json-stringify serialises fastest and exactly as zod
 * would: a nullable value (`anyOf: [X, {type: "null"}]`) becomes X with `nullable: true` (a union
 * would make it validate each value with ajv to pick the branch), and `format` goes (with a
 * date-time format it would turn a Date into a string, where zod fails the answer).
 */
export function serializationSchema(contract: $ZodType): JsonSchema {
  const json = toJSONSchema(contract, {
    target: "draft-07",
    io: "output",
    unrepresentable: "any",
    cycles: "ref",
    reused: "inline",
  }) as JsonSchema;
  const { $schema: _, ...rest } = json;
  return simplify(rest);
}

const SCHEMA_MAPS = new Set(["properties", "definitions", "$defs", "patternProperties"]);
const SUBSCHEMA = new Set(["items", "additionalProperties", "not", "propertyNames"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);

function simplify(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(options) && options.length === 2 && Object.keys(schema).length === 1) {
    const nonNull = options.filter((option) => !(option.type === "null" && Object.keys(option).length === 1));
    const single = nonNull[0];
    if (nonNull.length === 1 && single && typeof single.type === "string") {
      return { ...simplify(single), nullable: true };
    }
  }
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "format") continue;
    if (SCHEMA_MAPS.has(key) && value && typeof value === "object") {
      result[key] = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([name, sub]) => [name, simplify(sub)]),
      );
    } else if (SUBSCHEMA.has(key) && value && typeof value === "object" && !Array.isArray(value)) {
      result[key] = simplify(value as JsonSchema);
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      result[key] = value.map((sub) => simplify(sub as JsonSchema));
    } else {
      result[key] = value;
    }
  }
  return result;
}
