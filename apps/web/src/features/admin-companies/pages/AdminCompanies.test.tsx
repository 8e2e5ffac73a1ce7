import { ADMIN_COMPANY_MESSAGES, PLATFORM_SERVICES, type TAdminCompany, type TAdminCompanyDetail } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const company: TAdminCompany = {
  hashid: "c1",
  name: "Farmacia San Marco",
  code: "ABCDEFGH12",
  type: "farmacia",
  type_label: "Farmacia",
  subtype: "farmacia",
  subtype_label: "Farmacia",
  level: 1,
  comune: "Milano",
  provincia: "MI",
  regione: "Lombardia",
  email: "info@sanmarco.it",
  phone: null,
  active: true,
  operators: 2,
  created_at: "2026-01-10T10:00:00.000Z",
};

const detail: TAdminCompanyDetail = {
  ...company,
  vat_number: null,
  pec: null,
  website: null,
  description: null,
  address: "Via Roma 1",
  cap: "20121",
  asl: null,
  latitude: null,
  longitude: null,
  services: Object.entries(PLATFORM_SERVICES).map(([ref, name]) => ({
    hashid: `s${ref}`,
    position_ref: Number(ref),
    name,
    active: ref === "1",
    proxy_status: false,
    proxy_scheduling: false,
    payed_by_company: false,
    payed_by_citizen: false,
    slot_minutes: 30,
    capacity: null,
    has_openings: false,
    enabled: ref === "1",
  })),
};

const operator = {
  hashid: "o1",
  name: "Lucia",
  surname: "Ferrari",
  email: "farmacia.admin@cura.demo",
  role: "amministratore",
  permessi: ["gestire operatori"],
  status: "enabled",
  active: true,
  is_self: false,
};

const admin = makeUser({ type: 2 });

describe("administrator's companies list", () => {
  it("lists the companies, filters them and asks for the report of the selected ones", async () => {
    signInAs(admin);
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companies?"))
        return { status: 200, body: { data: [company], meta: { page: 1, per_page: 20, total: 1 } } };
      return undefined;
    });
    renderApp("/admin/aziende");
    const link = await screen.findByRole("link", { name: "Farmacia San Marco" });
    expect(link.getAttribute("href")).toBe("/admin/aziende/dettaglio/c1");
    expect(screen.getByText("ABCDEFGH12")).toBeTruthy();
    expect(within(screen.getByTestId("company-row")).getByText("Abilitata")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Cerca"), { target: { value: "marco" } });
    fireEvent.change(screen.getByLabelText("Stato"), { target: { value: "disabled" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica i filtri" }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes("q=marco") && c.url.includes("status=disabled"))).toBe(true),
    );

    const report = screen.getByRole("button", { name: /Report/ });
    expect(report.hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByLabelText("Seleziona Farmacia San Marco"));
    expect(report.hasAttribute("disabled")).toBe(false);
  });
});

describe("new company", () => {
  it("checks the form with the server's rules, shows the server's 422 under its field, then opens the detail", async () => {
    signInAs(admin);
    let refuse = true;
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/companies/new/register" && call.method === "POST") {
        if (refuse) {
          refuse = false;
          return {
            status: 422,
            body: {
              message: "Indirizzo e-mail già registrato",
              errors: { "administrator.email": ["Indirizzo e-mail già registrato"] },
            },
          };
        }
        return { status: 201, body: { data: detail, message: ADMIN_COMPANY_MESSAGES.registered } };
      }
      if (call.url === "/api/v1/companies/c1/admin") return { status: 200, body: { data: detail } };
      if (call.url.startsWith("/api/v1/companies/c1/operators"))
        return { status: 200, body: { data: [operator], meta: { page: 1, per_page: 100, total: 1 } } };
      return undefined;
    });
    renderApp("/admin/aziende/nuova");
    const submit = await screen.findByRole("button", { name: "Registra l'azienda" });
    fireEvent.click(submit);
    expect((await screen.findAllByText("Campo obbligatorio")).length).toBeGreaterThan(3);
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill("Nome", "Farmacia Nuova");
    fill("Indirizzo", "Via Roma 1");
    fill("Comune", "Milano");
    fill("Provincia (sigla)", "MI");
    fill("Regione", "Lombardia");
    fill("CAP", "20121");
    fill("E-mail dell'amministratore", "maria.rossi@cura.demo");
    fill("Nome dell'amministratore", "Maria");
    fill("Cognome dell'amministratore", "Rossi");
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    const emailInput = screen.getByLabelText("E-mail dell'amministratore");
    await waitFor(() => expect(emailInput.getAttribute("aria-invalid")).toBe("true"));
    const sent = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      name: "Farmacia Nuova",
      type: "farmacia",
      level: 1,
      administrator: { name: "Maria" },
    });

    fill("E-mail dell'amministratore", "lucia.nuova@example.it");
    fireEvent.click(submit);
    expect(await screen.findByRole("heading", { level: 1, name: "Farmacia San Marco" })).toBeTruthy();
  });
});

describe("company detail", () => {
  function respond(overrides: { toggled?: TAdminCompanyDetail; importError?: boolean } = {}) {
    return mockFetch((call) => {
      if (call.url === "/api/v1/companies/c1/admin") return { status: 200, body: { data: detail } };
      if (call.url.startsWith("/api/v1/companies/c1/operators"))
        return { status: 200, body: { data: [operator], meta: { page: 1, per_page: 100, total: 1 } } };
      if (call.url === "/api/v1/companies/c1/toggle-status")
        return { status: 200, body: { data: overrides.toggled ?? { ...detail, active: false } } };
      if (call.url === "/api/v1/companies/operators/o1/remove")
        return { status: 409, body: { message: ADMIN_COMPANY_MESSAGES.lastAdministrator } };
      if (call.url === "/api/v1/companies/c1/healthservices/import")
        return {
          status: 422,
          body: {
            message: ADMIN_COMPANY_MESSAGES.importInvalid,
            errors: {
              file: ["Riga 3: nome: campo obbligatorio", "Riga 4: durata_minuti: un numero intero da 5 a 480"],
            },
          },
        };
      if (call.url.startsWith("/api/v1/companies/c1/services/set/"))
        return { status: 200, body: { data: detail.services[1] } };
      return undefined;
    });
  }

  it("disables the company after a confirmation", async () => {
    signInAs(admin);
    const { calls } = respond();
    renderApp("/admin/aziende/dettaglio/c1");
    fireEvent.click(await screen.findByRole("button", { name: "Disabilita l'azienda" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/non comparirà più nelle ricerche/)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith("toggle-status"))).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Disabilita l'azienda" }));
    await waitFor(() => {
      const call = calls.find((c) => c.url.endsWith("toggle-status"));
      expect(call?.method).toBe("PATCH");
      expect(call?.body).toEqual({ active: false });
    });
    expect(await screen.findByText("Azienda disabilitata")).toBeTruthy();
  });

  it("shows the 409 of removing the only administrator, sets a service and lists the import's bad rows", async () => {
    signInAs(admin);
    const { calls } = respond();
    renderApp("/admin/aziende/dettaglio/c1");
    const row = (await screen.findAllByTestId("operator-row"))[0] as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: /Rimuovi/ }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Rimuovi" }));
    expect(await screen.findByText(ADMIN_COMPANY_MESSAGES.lastAdministrator)).toBeTruthy();

    fireEvent.click(screen.getByLabelText("Teleconsulto attivo"));
    await waitFor(() => {
      const call = calls.find((c) => c.url === "/api/v1/companies/c1/services/set/s2");
      expect(call?.body).toEqual({ active: true, payed_by_company: false, payed_by_citizen: false });
    });

    const file = new File(["nome;durata_minuti\n;15"], "prestazioni.csv", { type: "text/csv" });
    fireEvent.change(screen.getByLabelText("File delle prestazioni"), { target: { files: [file] } });
    fireEvent.click(screen.getByRole("button", { name: "Importa" }));
    expect(await screen.findByText("Riga 3: nome: campo obbligatorio")).toBeTruthy();
    expect(screen.getByText("Riga 4: durata_minuti: un numero intero da 5 a 480")).toBeTruthy();
  });
});

describe("services page", () => {
  const platform = Object.entries(PLATFORM_SERVICES).map(([ref, name]) => ({
    hashid: `p${ref}`,
    position_ref: Number(ref),
    name,
    description: null,
    enabled: true,
    companies: 3,
  }));
  const health = {
    hashid: "h1",
    name: "Misurazione della pressione",
    position_ref: 1,
    slot_minutes: 15,
    price: 3,
    active: true,
    company: { hashid: "c1", name: "Farmacia San Marco" },
  };

  it("lists platform and health services, checks an edit with the server's rules and saves it", async () => {
    signInAs(admin);
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/services" && call.method === "GET") return { status: 200, body: { data: platform } };
      if (call.url === "/api/v1/services/p9" && call.method === "PUT")
        return { status: 200, body: { data: { ...platform[8], name: "Notizie" } } };
      if (call.url.startsWith("/api/v1/healthservices?"))
        return { status: 200, body: { data: [health], meta: { page: 1, per_page: 20, total: 1 } } };
      return undefined;
    });
    renderApp("/admin/servizi");
    expect(await screen.findByText("Misurazione della pressione")).toBeTruthy();
    expect(await screen.findAllByTestId("platform-service-row")).toHaveLength(12);
    expect(screen.getByRole("link", { name: "Farmacia San Marco" }).getAttribute("href")).toBe(
      "/admin/aziende/dettaglio/c1",
    );

    fireEvent.click(screen.getByRole("button", { name: /Modifica\s*Blog/ }));
    const form = (await screen.findByRole("heading", { name: "Servizio 9" })).closest("form") as HTMLElement;
    fireEvent.change(within(form).getByLabelText("Nome"), { target: { value: " " } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(form).findByText("Campo obbligatorio")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(within(form).getByLabelText("Nome"), { target: { value: "Notizie" } });
    fireEvent.click(within(form).getByLabelText("Servizio abilitato sulla piattaforma"));
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
        name: "Notizie",
        description: null,
        enabled: false,
      }),
    );

    fireEvent.change(screen.getByLabelText("Cerca prestazione"), { target: { value: "pressione" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica i filtri" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes("healthservices?q=pressione"))).toBe(true));
  });
});
