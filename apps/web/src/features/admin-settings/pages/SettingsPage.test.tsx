import { ADMIN_SETTINGS_MESSAGES } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const settings = [
  {
    key: "feature.spid",
    type: "boolean",
    value: true,
    public: true,
    description: "Accesso con SPID",
    builtin: true,
    updated_at: null,
  },
  {
    key: "support.email",
    type: "email",
    value: "",
    public: true,
    description: "E-mail dell'assistenza",
    builtin: true,
    updated_at: null,
  },
  {
    key: "brand.natale",
    type: "text",
    value: "Buone feste",
    public: false,
    description: "",
    builtin: false,
    updated_at: "2026-11-20T10:00:00.000Z",
  },
];

const asl = [
  {
    codice_asl: "070103",
    codice_regione: "070",
    regione: "Liguria",
    denominazione: "GENOVESE",
    denominazione_fonte: "GENOVESE",
    comune_sede: "Genova",
    provincia_sede: "Genova",
    sito_web: "https://www.asl3.liguria.it",
    accorpata_in: "ATS Liguria",
    accorpata_dal: "2026-01-01",
    note: null,
    aziende: [{ hashid: "c1", name: "Farmacia del Porto" }],
  },
  {
    codice_asl: "120201",
    codice_regione: "120",
    regione: "Lazio",
    denominazione: "ROMA 1",
    denominazione_fonte: "ROMA 1",
    comune_sede: "Roma",
    provincia_sede: "Roma",
    sito_web: null,
    accorpata_in: null,
    accorpata_dal: null,
    note: null,
    aziende: [],
  },
];

function serve() {
  return mockFetch((call) => {
    if (call.url === "/api/v1/admin/settings" && call.method === "GET")
      return { status: 200, body: { data: settings } };
    if (call.url === "/api/v1/utilities/aslinfo/admin") return { status: 200, body: { data: asl } };
    if (call.url === "/api/v1/admin/settings/feature.spid" && call.method === "PUT") {
      return { status: 200, body: { data: { ...settings[0], value: false } } };
    }
    if (call.url === "/api/v1/admin/settings" && call.method === "POST") {
      return { status: 409, body: { message: ADMIN_SETTINGS_MESSAGES.keyTaken } };
    }
    if (call.url.startsWith("/api/v1/companies/compact/search?q=Farm")) {
      return {
        status: 200,
        body: {
          data: [{ hashid: "c9", name: "Farmacia Trastevere", comune: "Roma" }],
          meta: { page: 1, per_page: 10, total: 1 },
        },
      };
    }
    if (call.url === "/api/v1/utilities/aslinfo/admin/120201/companies/c9" && call.method === "PUT") {
      return { status: 200, body: { data: { ...asl[1], aziende: [{ hashid: "c9", name: "Farmacia Trastevere" }] } } };
    }
    if (call.url === "/api/v1/utilities/aslinfo/admin/120201" && call.method === "PUT") {
      return { status: 200, body: { data: { ...asl[1], denominazione: "ASL Roma 1" } } };
    }
    return undefined;
  });
}

describe("settingsys/nuovo", () => {
  it("changes a flag in place and sends only that setting", async () => {
    signInAs(makeUser({ type: 2 }));
    const { calls } = serve();
    renderApp("/admin/settingsys/nuovo");
    const rows = await screen.findAllByTestId("setting-row");
    expect(rows).toHaveLength(3);
    const spid = rows[0] as HTMLElement;
    expect(within(spid).getByRole("rowheader").textContent).toContain("feature.spid");
    // A built-in setting cannot be removed; an administrator's own can.
    expect(within(spid).queryByRole("button", { name: /Elimina/ })).toBeNull();
    expect(within(rows[2] as HTMLElement).getByRole("button", { name: "Elimina brand.natale" })).toBeTruthy();

    const save = within(spid).getByRole("button", { name: "Salva feature.spid" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(spid).getByLabelText("Valore feature.spid"), { target: { value: "false" } });
    fireEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ value: false, public: true });
    expect(await screen.findByText("Impostazione salvata")).toBeTruthy();
  });

  it("checks an e-mail value before sending it", async () => {
    signInAs(makeUser({ type: 2 }));
    const { calls } = serve();
    renderApp("/admin/settingsys/nuovo");
    const rows = await screen.findAllByTestId("setting-row");
    const email = rows[1] as HTMLElement;
    fireEvent.change(within(email).getByLabelText("Valore support.email"), { target: { value: "non una mail" } });
    fireEvent.click(within(email).getByRole("button", { name: "Salva support.email" }));
    expect(await within(email).findByText(ADMIN_SETTINGS_MESSAGES.valueEmail)).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("creates a new entry: the schema's messages first, the server's 409 under the key", async () => {
    signInAs(makeUser({ type: 2 }));
    const { calls } = serve();
    renderApp("/admin/settingsys/nuovo");
    const form = (await screen.findByRole("heading", { name: "Nuova impostazione" })).closest("section") as HTMLElement;
    fireEvent.change(within(form).getByLabelText("Chiave"), { target: { value: "Non Valida" } });
    fireEvent.click(within(form).getByRole("button", { name: "Crea" }));
    expect(await within(form).findByText(ADMIN_SETTINGS_MESSAGES.keyInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(form).getByLabelText("Chiave"), { target: { value: "brand.natale" } });
    fireEvent.change(within(form).getByLabelText("Tipo"), { target: { value: "integer" } });
    fireEvent.change(within(form).getByLabelText("Valore"), { target: { value: "3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Crea" }));
    expect(await within(form).findByText(ADMIN_SETTINGS_MESSAGES.keyTaken)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      key: "brand.natale",
      type: "integer",
      value: 3,
    });
  });

  it("lists the ASL by region with their mergers and companies, and corrects a name", async () => {
    signInAs(makeUser({ type: 2 }));
    const { calls } = serve();
    renderApp("/admin/settingsys/nuovo");
    expect(await screen.findByText("ATS Liguria (2026-01-01)")).toBeTruthy();
    const table = screen.getByTestId("asl-table");
    expect(within(table).getByText("Farmacia del Porto")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Regione"), { target: { value: "Lazio" } });
    expect(within(table).queryByText("GENOVESE")).toBeNull();

    fireEvent.click(within(table).getByRole("button", { name: "Correggi ROMA 1" }));
    const edit = screen.getByRole("form", { name: "Correggi l'ASL 120201" });
    fireEvent.change(within(edit).getByLabelText("Sito web"), { target: { value: "non un sito" } });
    fireEvent.click(within(edit).getByRole("button", { name: "Salva" }));
    expect(await within(edit).findByText(ADMIN_SETTINGS_MESSAGES.aslSiteInvalid)).toBeTruthy();
    fireEvent.change(within(edit).getByLabelText("Sito web"), { target: { value: "https://www.aslroma1.it" } });
    fireEvent.change(within(edit).getByLabelText(/Denominazione/), { target: { value: "ASL Roma 1" } });
    fireEvent.click(within(edit).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/admin/120201"))).toBe(true));
    expect(calls.find((c) => c.url.endsWith("/admin/120201"))?.body).toEqual({
      denominazione: "ASL Roma 1",
      sito_web: "https://www.aslroma1.it",
    });
    expect(await screen.findByText("ASL aggiornata")).toBeTruthy();
  });

  it("links a company found by name to an ASL", async () => {
    signInAs(makeUser({ type: 2 }));
    const { calls } = serve();
    renderApp("/admin/settingsys/nuovo");
    fireEvent.click(await screen.findByRole("button", { name: "Correggi ROMA 1" }));
    expect(screen.getByText("Nessuna azienda collegata.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Cerca un'azienda da collegare"), { target: { value: "Farm" } });
    fireEvent.click(await screen.findByRole("button", { name: "Collega Farmacia Trastevere" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/admin/120201/companies/c9"))).toBe(true));
    expect(calls.find((c) => c.url.endsWith("/companies/c9"))?.method).toBe("PUT");
    expect(await screen.findByText("Azienda collegata all'ASL")).toBeTruthy();
  });
});
