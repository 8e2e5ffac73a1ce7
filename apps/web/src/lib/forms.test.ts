import { UNSAFE_TEXT_MESSAGE, ZArchiveFields } from "@cura/domain";
import type { FieldValues, ResolverOptions } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { errorAt, schemaResolver } from "./forms.ts";
import { changeLanguage } from "./i18n.ts";

const options = {} as ResolverOptions<FieldValues>;

describe("schemaResolver", () => {
  afterEach(() => changeLanguage("it"));

  it("shows the safe-text rule under the field, as the API would answer", async () => {
    const resolve = schemaResolver(ZArchiveFields);
    const nul = await resolve({ title: "Procedura\u0000", description: "riga\nriga" }, undefined, options);
    expect(errorAt(nul.errors, "title")).toBe(UNSAFE_TEXT_MESSAGE);
    expect(errorAt(nul.errors, "description")).toBeUndefined();

    const surrogate = await resolve({ title: "Procedura", description: "nota \ud800" }, undefined, options);
    expect(errorAt(surrogate.errors, "description")).toBe(UNSAFE_TEXT_MESSAGE);

    const fine = await resolve({ title: "Procedura è ok 😀", description: "riga\tuno\nriga due" }, undefined, options);
    expect(fine.errors).toEqual({});
  });

  it("writes zod's own messages in the interface's language", async () => {
    const resolve = schemaResolver(ZArchiveFields);
    expect(errorAt((await resolve({ title: 3 }, undefined, options)).errors, "title")).toBe(
      "Valore non valido: atteso un testo, ricevuto un numero",
    );
    await changeLanguage("en");
    expect(errorAt((await resolve({ title: 3 }, undefined, options)).errors, "title")).toBe(
      "Invalid input: expected string, received number",
    );
  });
});
