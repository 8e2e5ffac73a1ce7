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
});
