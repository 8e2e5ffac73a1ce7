import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, type TUser } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const company: NonNullable<TUser["company"]> = {
  hashid: "c1",
  name: "Farmacia Centrale",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [],
  bancaDati: [],
};

const colleague = {
  hashid: "o2",
  name: "Laura",
  surname: "Bianchi",
  email: "laura@example.com",
  role: "operatore",
  permessi: [],
  status: "enabled",
  active: true,
  is_self: false,
};

describe("operators section (spec 002 §2, §6)", () => {
  it("suspends an operator, changes permissions and sends the company code", async () => {
    signInAs(
      makeUser({
        type: 1,
        company,
        permessi: [OPERATOR_PERMISSIONS.manageOperators, OPERATOR_PERMISSIONS.viewCompanyRegistry],
      }),
    );
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companies/operators/list"))
        return { status: 200, body: { data: [colleague], meta: { page: 1, per_page: 100, total: 1 } } };
      if (call.url === "/api/v1/users/change/status/o2")
        return { status: 200, body: { data: { ...colleague, status: "suspended" } } };
      if (call.url === "/api/v1/companies/operators/role/update")
        return { status: 200, body: { data: { ...colleague, ...(call.body as object) } } };
      if (call.url === "/api/v1/companies/code/send/c1") return { status: 200, body: { message: "ok" } };
      return undefined;
    });
    renderApp("/operatore/impostazioni/operatori");
    expect(await screen.findByRole("heading", { level: 1, name: "Impostazioni" })).toBeTruthy();
    const tabs = screen.getByRole("navigation", { name: "Sezioni delle impostazioni" });
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Operatori", "Anagrafica"]);

    fireEvent.click(await screen.findByRole("button", { name: "Sospendi Laura Bianchi" }));
    expect(await screen.findByRole("button", { name: "Abilita Laura Bianchi" })).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/users/change/status/o2")?.body).toEqual({ status: false });

    fireEvent.click(screen.getByRole("button", { name: "Ruolo e permessi di Laura Bianchi" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByLabelText("gestire impostazioni dei servizi"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/companies/operators/role/update")?.body).toEqual({
        operator: "o2",
        role: "operatore",
        permessi: ["gestire impostazioni dei servizi"],
      }),
    );

    fireEvent.change(screen.getByLabelText("E-mail del collega"), { target: { value: "nuovo@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Invia codice" }));
    expect(await screen.findByText("Codice azienda inviato")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/companies/code/send/c1")?.body).toEqual({ email: "nuovo@example.com" });
  });

  it("lists those waiting to join first, and enables or refuses them after a confirmation", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.manageOperators] }));
    const applicant = { ...colleague, hashid: "o3", name: "Paolo", surname: "Neri", email: "paolo@example.com" };
    const other = { ...applicant, hashid: "o4", name: "Rita", surname: "Gialli", email: "rita@example.com" };
    let list = [
      { ...applicant, status: "pending", active: false },
      { ...other, status: "pending", active: false },
      colleague,
    ];
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companies/operators/list"))
        return { status: 200, body: { data: list, meta: { page: 1, per_page: 100, total: list.length } } };
      if (call.url === "/api/v1/companies/operators/o3/enable") {
        list = list.map((o) => (o.hashid === "o3" ? { ...o, status: "enabled", active: true } : o));
        return { status: 200, body: { data: list[0], message: "Operatore abilitato" } };
      }
      if (call.url === "/api/v1/companies/operators/o4/refuse") {
        list = list.filter((o) => o.hashid !== "o4");
        return { status: 200, body: { data: { ...other, status: "refused" }, message: "ok" } };
      }
      return undefined;
    });
    renderApp("/operatore/impostazioni/operatori");
    const pending = await screen.findAllByTestId("operator-pending");
    expect(pending.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["Paolo Neri", "Rita Gialli"]);
    expect(within(pending[0] as HTMLElement).getByText("In attesa di abilitazione")).toBeTruthy();
    // A pending operator has no suspend button and no role editing yet: only the answer.
    expect(screen.queryByRole("button", { name: "Sospendi Paolo Neri" })).toBeNull();

    // Cancelling sends nothing.
    fireEvent.click(screen.getByRole("button", { name: "Abilita Paolo Neri" }));
    let dialog = await screen.findByRole("dialog", { name: "Abilitare Paolo Neri?" });
    expect(within(dialog).getByText(/paolo@example\.com/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Annulla" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((c) => c.url.endsWith("/enable"))).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Abilita Paolo Neri" }));
    dialog = await screen.findByRole("dialog", { name: "Abilitare Paolo Neri?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Abilita" }));
    expect(await screen.findByText("Operatore abilitato")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Sospendi Paolo Neri" })).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/companies/operators/o3/enable")?.method).toBe("POST");

    fireEvent.click(screen.getByRole("button", { name: "Rifiuta la richiesta di Rita Gialli" }));
    dialog = await screen.findByRole("dialog", { name: "Rifiutare la richiesta di Rita Gialli?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));
    expect(await screen.findByText("Richiesta di accesso rifiutata")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Rita Gialli")).toBeNull());
  });
});
