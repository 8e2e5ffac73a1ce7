import { SUPPORT_MESSAGES } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const empty = { data: [], meta: { page: 1, per_page: 100, total: 0 }, fallback: { it: "/manuali/it.pdf", en: null } };

describe("administrators' manuals and videos", () => {
  it("checks the fields with the server's schema, shows the server's 422 under its field, then registers", async () => {
    signInAs(makeUser({ type: 2 }));
    let refuse = true;
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/manuals?")) return { status: 200, body: empty };
      if (call.url.startsWith("/api/v1/downloads?")) return { status: 200, body: { data: { manuali: [], video: [] } } };
      if (call.url === "/api/v1/admin/manuals" && call.method === "POST") {
        if (refuse) {
          refuse = false;
          return {
            status: 422,
            body: { message: "Dati non validi", errors: { file: [SUPPORT_MESSAGES.pdfRequired] } },
          };
        }
        return { status: 201, body: { data: { id: "m1" } } };
      }
      return undefined;
    });
    renderApp("/admin/manuali");
    const form = (await screen.findByRole("heading", { name: "Nuovo manuale" })).closest("section") as HTMLElement;
    const submit = within(form).getByRole("button", { name: "Registra" });

    // Nothing filled: the schema's messages under version and date, the file's under the file; nothing sent.
    fireEvent.click(submit);
    expect(await within(form).findByText(SUPPORT_MESSAGES.versionRequired)).toBeTruthy();
    expect(within(form).getByText(SUPPORT_MESSAGES.dateRequired)).toBeTruthy();
    expect(within(form).getByText(SUPPORT_MESSAGES.pdfRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(form).getByLabelText("Versione"), { target: { value: "cura_2.0" } });
    fireEvent.change(within(form).getByLabelText("Data di rilascio"), { target: { value: "2026-06-01" } });
    const file = new File(["not a pdf"], "manuale.pdf", { type: "application/pdf" });
    fireEvent.change(within(form).getByLabelText("File PDF (massimo 8 MB)"), { target: { files: [file] } });
    fireEvent.click(submit);
    // The server tells the bytes are no PDF: the message under the file field, not in an alert.
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    const fileInput = within(form).getByLabelText("File PDF (massimo 8 MB)");
    await waitFor(() => expect(fileInput.getAttribute("aria-invalid")).toBe("true"));
    expect(within(form).queryByText(SUPPORT_MESSAGES.versionRequired)).toBeNull();

    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(2));
    const body = calls.filter((c) => c.method === "POST")[1]?.body as FormData;
    expect(body.get("version")).toBe("cura_2.0");
    expect(body.get("is_operatore")).toBe("false");
    expect((body.get("file") as File).name).toBe("manuale.pdf");
    expect(await screen.findByText("Registrato")).toBeTruthy();
  });
});
