import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { UNSAFE_TEXT_MESSAGE, ZArchiveFields } from "@cura/domain";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { FieldValues, ResolverOptions } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { errorAt, type SafeParser, schemaResolver, useAppForm } from "./forms.ts";
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

describe("useAppForm", () => {
  // Two required texts, as a shared schema would say it.
  const required: SafeParser = {
    safeParse(value) {
      const body = value as Record<string, string>;
      const issues = ["name", "city"]
        .filter((key) => !body[key]?.trim())
        .map((key) => ({ path: [key], message: "Campo obbligatorio" }));
      return issues.length === 0 ? { success: true, data: body } : { success: false, error: { issues } };
    },
  };
  const setup = () =>
    renderHook(() =>
      useAppForm<{ name: string; city: string }>({
        defaultValues: { name: "", city: "" },
        resolver: schemaResolver(required),
      }),
    );

  it("clears an error shown by a step's check as soon as the value is valid, and shows it again when not", async () => {
    const { result } = setup();
    // Read through getFieldState: formState is a proxy that re-renders only for what was read before.
    const message = (name: "name" | "city") => result.current.getFieldState(name).error?.message;
    await act(() => result.current.trigger(["name", "city"]));
    expect(message("name")).toBe("Campo obbligatorio");

    act(() => result.current.setValue("name", "Mario"));
    await waitFor(() => expect(message("name")).toBeUndefined());
    // Only the field that changed: the other keeps its message.
    expect(message("city")).toBe("Campo obbligatorio");

    act(() => result.current.setValue("name", " "));
    await waitFor(() => expect(message("name")).toBe("Campo obbligatorio"));
  });

  it("does not check a field the user is still filling in for the first time", async () => {
    const { result } = setup();
    act(() => result.current.setValue("name", "M"));
    act(() => result.current.setValue("name", ""));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.getFieldState("name").error).toBeUndefined();
  });
});

describe("every form", () => {
  it("is made with useAppForm, so each one re-checks a field as it changes after a check", () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), "..");
    const offenders = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(join("lib", "forms.ts")))
      .filter((file) => /\buseForm\b/.test(readFileSync(join(src, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
