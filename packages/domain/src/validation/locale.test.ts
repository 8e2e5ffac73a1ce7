import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { setValidationLanguage } from "./locale.ts";

const messages = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message);

const schema = z.object({
  name: z.string().min(1).max(5),
  age: z.number().int().min(18),
  kind: z.enum(["a", "b"]),
  email: z.email(),
  tags: z.array(z.string()).max(1),
});

describe("validation messages", () => {
  afterEach(() => setValidationLanguage("it"));

  it("are Italian by default, for every generated message", () => {
    const all = [
      ...messages(schema, []),
      ...messages(schema, {}),
      ...messages(schema, { name: "", age: 1.5, kind: "c", email: "x", tags: ["a", "b"] }),
      ...messages(schema, { name: "troppo lungo", age: 3, kind: 1, email: 2, tags: "x" }),
      ...messages(z.strictObject({}), { extra: 1 }),
      ...messages(z.union([z.string(), z.number()]), null),
    ];
    expect(all.length).toBeGreaterThan(10);
    for (const message of all) {
      expect(message).not.toMatch(/Invalid|expected|received|Too (big|small)|Unrecognized|characters/);
      expect(message).not.toMatch(/\b(object|string|array|number|undefined)\b/);
    }
    expect(messages(schema, [])).toEqual(["Valore non valido: atteso un oggetto, ricevuto un elenco"]);
    expect(messages(schema, { name: "" }).slice(0, 2)).toEqual(["Campo obbligatorio", "Campo obbligatorio"]);
    expect(messages(schema.shape.name, "troppo lungo")).toEqual(["Deve contenere al massimo 5 caratteri"]);
    expect(messages(schema.shape.age, 3)).toEqual(["Deve essere almeno 18"]);
  });

  it("switch to English with the web app's interface", () => {
    setValidationLanguage("en");
    expect(messages(schema, [])).toEqual(["Invalid input: expected object, received array"]);
    setValidationLanguage("it");
    expect(messages(schema, [])).toEqual(["Valore non valido: atteso un oggetto, ricevuto un elenco"]);
  });
});
