import { ADMIN_USERS_MESSAGES, type TAdminUser } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const maria: TAdminUser = {
  hashid: "u1",
  type: 0,
  email: "maria.rossi@cura.demo",
  name: "Maria",
  surname: "Rossi",
  cf: "RSSMRA80A41H501Y",
  status: "attivo",
  suspended_until: null,
  email_verified: true,
  company: null,
  created_at: "2026-11-20T09:00:00.000Z",
};
const luca: TAdminUser = {
  ...maria,
  hashid: "u2",
  type: 1,
  email: "luca@cura.demo",
  name: "Luca",
  surname: "Verdi",
  cf: null,
  status: "sospeso",
  suspended_until: "2026-11-26T10:00:00.000Z",
  company: { hashid: "c1", name: "Farmacia Centrale" },
};
const page = (data: TAdminUser[], total = data.length) => ({ data, meta: { page: 1, per_page: 20, total } });

describe("administrator's users page", () => {
  it("searches with the filters, shows each account's state, and confirms before acting", async () => {
    signInAs(makeUser({ type: 2, hashid: "ad1" }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/users/registrati?")) {
        const q = new URL(call.url, "http://x").searchParams.get("q");
        return { status: 200, body: q === "rossi" ? page([maria]) : page([maria, luca], 45) };
      }
      if (call.url.startsWith("/api/v1/companies?")) {
        return {
          status: 200,
          body: {
            data: [{ hashid: "c1", name: "Farmacia Centrale", comune: "Roma" }],
            meta: { page: 1, per_page: 50, total: 1 },
          },
        };
      }
      if (call.url === "/api/v1/users/change/suspension/u2" && call.method === "PATCH") {
        return { status: 500, body: { message: "Si è verificato un errore imprevisto" } };
      }
      if (call.url === "/api/v1/users/profile/u1" && call.method === "DELETE") {
        return { status: 200, body: { message: ADMIN_USERS_MESSAGES.deleted } };
      }
      if (call.url === "/api/v1/users/change/suspension/u1" && call.method === "PATCH") {
        return { status: 200, body: { data: makeUser({ hashid: "u1" }) } };
      }
      return undefined;
    });
    renderApp("/admin/utenti");
    const table = await screen.findByRole("table", { name: "Utenti della piattaforma" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const lucaRow = within(table).getByRole("rowheader", { name: "Verdi Luca" }).closest("tr") as HTMLElement;
    expect(within(lucaRow).getByText("Sospeso")).toBeTruthy();
    expect(within(lucaRow).getByText(/fino al 26\/11\/2026/)).toBeTruthy();
    expect(within(lucaRow).getByText("Farmacia Centrale")).toBeTruthy();
    // An operator can be moved to a company; a citizen cannot.
    expect(within(lucaRow).getByRole("button", { name: "Associa ad azienda Verdi Luca" })).toBeTruthy();
    const mariaRow = within(table).getByRole("rowheader", { name: "Rossi Maria" }).closest("tr") as HTMLElement;
    expect(within(mariaRow).queryByRole("button", { name: /Associa ad azienda/ })).toBeNull();
    expect(screen.getByText("Pagina 1 di 3 (45 in totale)")).toBeTruthy();

    // Search: the filters go to the server.
    fireEvent.change(screen.getByLabelText("Nome, codice fiscale o e-mail"), { target: { value: "rossi" } });
    fireEvent.change(screen.getByLabelText("Tipo"), { target: { value: "0" } });
    fireEvent.change(screen.getByLabelText("Registrato dal"), { target: { value: "2026-11-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Cerca" }));
    await waitFor(() => expect(screen.getByText("1 utente trovato")).toBeTruthy());
    const searched = new URL(
      calls.filter((c) => c.url.startsWith("/api/v1/users/registrati?")).at(-1)?.url ?? "",
      "http://x",
    );
    expect(Object.fromEntries(searched.searchParams)).toMatchObject({
      q: "rossi",
      type: "0",
      registered_from: "2026-11-01",
      page: "1",
    });

    // Deleting asks first; cancelling sends nothing.
    fireEvent.click(screen.getByRole("button", { name: "Elimina Rossi Maria" }));
    const dialog = await screen.findByRole("dialog", { name: "Eliminare Rossi Maria?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Annulla" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Elimina Rossi Maria" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Eliminare Rossi Maria?" })).getByRole("button", {
        name: "Sì, elimina",
      }),
    );
    await waitFor(() =>
      expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/v1/users/profile/u1")).toBe(true),
    );
    expect(await screen.findByText(ADMIN_USERS_MESSAGES.deleted)).toBeTruthy();
  });

  it("suspends with a reason and an end, and says 'Errore durante l'abilitazione dell'utenza' when re-enabling fails", async () => {
    signInAs(makeUser({ type: 2, hashid: "ad1" }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/users/registrati?")) return { status: 200, body: page([maria, luca]) };
      if (call.url.startsWith("/api/v1/companies?")) return { status: 200, body: page([]) };
      if (call.url === "/api/v1/users/change/suspension/u2") return { status: 500, body: { message: "errore" } };
      if (call.url === "/api/v1/users/change/suspension/u1")
        return { status: 200, body: { data: makeUser({ hashid: "u1" }) } };
      return undefined;
    });
    renderApp("/admin/utenti");
    fireEvent.click(await screen.findByRole("button", { name: "Sospendi Rossi Maria" }));
    const dialog = await screen.findByRole("dialog", { name: "Sospendere Rossi Maria?" });
    // The reason is required: nothing is sent without it.
    fireEvent.click(within(dialog).getByRole("button", { name: "Sospendi" }));
    expect(await within(dialog).findByText("Indica il motivo della sospensione")).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Motivo della sospensione"), {
      target: { value: "Documenti da verificare" },
    });
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}T10:00`;
    fireEvent.change(within(dialog).getByLabelText("Sospeso fino al (facoltativo)"), { target: { value: local } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Sospendi" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const body = calls.find((c) => c.method === "PATCH")?.body as { suspended: boolean; until: string; reason: string };
    expect(body).toEqual({ suspended: true, reason: "Documenti da verificare", until: new Date(local).toISOString() });

    fireEvent.click(screen.getByRole("button", { name: "Riabilita Verdi Luca" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Riabilitare Verdi Luca?" })).getByRole("button", {
        name: "Sì, riabilita",
      }),
    );
    expect(await screen.findByText(ADMIN_USERS_MESSAGES.enableFailed)).toBeTruthy();
  });

  it("says 'more than' when the count stops at its cap, keeps paging, and asks for 3 characters before searching", async () => {
    signInAs(makeUser({ type: 2, hashid: "ad1" }));
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/users/registrati?")) {
        const at = Number(new URL(call.url, "http://x").searchParams.get("page"));
        return {
          status: 200,
          body: {
            data: [at === 2 ? luca : maria],
            meta: { page: at, per_page: 20, total: 10_000, total_capped: true },
          },
        };
      }
      return undefined;
    });
    renderApp("/admin/utenti");
    expect(
      await screen.findByRole("heading", {
        name: "Utenti trovati: oltre 10.000. Le pagine mostrano i primi 10.000: restringi la ricerca con i filtri",
      }),
    ).toBeTruthy();
    // No "in total" for a floor.
    expect(screen.getByText("Pagina 1 di 500")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Successiva" }));
    expect(await screen.findByRole("rowheader", { name: "Verdi Luca" })).toBeTruthy();

    const listed = calls.filter((c) => c.url.startsWith("/api/v1/users/registrati?")).length;
    const search = screen.getByLabelText("Nome, codice fiscale o e-mail");
    fireEvent.change(search, { target: { value: "ro" } });
    fireEvent.click(screen.getByRole("button", { name: "Cerca" }));
    expect(await screen.findByText(ADMIN_USERS_MESSAGES.searchTooShort)).toBeTruthy();
    expect(search.getAttribute("aria-invalid")).toBe("true");
    expect(calls.filter((c) => c.url.startsWith("/api/v1/users/registrati?")).length).toBe(listed);
  });
});
