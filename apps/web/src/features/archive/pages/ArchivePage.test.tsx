import { COMPANY_LEVELS, type TUser } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AREAS } from "../../../app/areas/index.ts";
import { navEntriesFor } from "../../../app/nav.ts";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const company: NonNullable<TUser["company"]> = {
  hashid: "c1",
  name: "Poliambulatorio Salus",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [],
  bancaDati: [],
};

const entry = {
  id: "a1",
  title: "Autorizzazione sanitaria",
  description: null,
  file: {
    hashid: "f1",
    name: "autorizzazione.pdf",
    mime_type: "application/pdf",
    url: "/api/v1/resources/private/f1",
    size: 1000,
  },
  uploaded_by: "Mario Rossi",
  created_at: "2026-11-20T08:00:00Z",
  updated_at: "2026-11-20T08:00:00Z",
};

describe("company archive (level 1)", () => {
  it("shows the entry only to first-level companies", () => {
    const first = makeUser({ type: 1, company });
    const room = makeUser({ type: 1, company: { ...company, level: COMPANY_LEVELS.monitoringRoom } });
    expect(navEntriesFor("/operatore", AREAS.operatore.pages, first).map((e) => e.to)).toContain("/operatore/archivio");
    expect(navEntriesFor("/operatore", AREAS.operatore.pages, room).map((e) => e.to)).not.toContain(
      "/operatore/archivio",
    );
  });

  it("lists, uploads (multipart) and deletes files", async () => {
    signInAs(makeUser({ type: 1, company }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companyarchives?"))
        return { status: 200, body: { data: [entry], meta: { page: 1, per_page: 20, total: 1 } } };
      if (call.url === "/api/v1/companyarchives" && call.method === "POST")
        return { status: 201, body: { data: { ...entry, id: "a2", title: "Nuovo" } } };
      if (call.url === "/api/v1/companyarchives/a1" && call.method === "DELETE")
        return { status: 200, body: { message: "File eliminato" } };
      return undefined;
    });
    renderApp("/operatore/archivio");
    expect(await screen.findByRole("heading", { level: 1, name: "Archivio" })).toBeTruthy();
    const list = await screen.findByTestId("archive-items");
    expect(within(list).getByText("Autorizzazione sanitaria")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Carica" }));
    expect(await screen.findByText("Scegli un file")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Titolo"), { target: { value: "Nuovo" } });
    const file = new File(["%PDF-1.4"], "nuovo.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByLabelText("File"), { target: { files: [file] } });
    fireEvent.click(screen.getByRole("button", { name: "Carica" }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === "/api/v1/companyarchives" && c.method === "POST")).toBe(true),
    );
    const body = calls.find((c) => c.method === "POST")?.body as FormData;
    expect(body.get("title")).toBe("Nuovo");
    expect((body.get("file") as File).name).toBe("nuovo.pdf");

    fireEvent.click(within(list).getByRole("button", { name: "Elimina Autorizzazione sanitaria" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText("File eliminato")).toBeTruthy();
  });
});
