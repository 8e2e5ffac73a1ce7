import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, type TUser } from "@cura/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const company: NonNullable<TUser["company"]> = {
  hashid: "c1",
  name: "Farmacia Centrale",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [],
  bancaDati: [],
};

const detail = {
  hashid: "c1",
  name: "Farmacia Centrale",
  type: "farmacia",
  type_label: "Farmacia",
  subtype: "farmacia",
  subtype_label: "Farmacia",
  level: 1,
  address: "Via Roma 1",
  comune: "Roma",
  provincia: "RM",
  regione: "Lazio",
  cap: "00118",
  latitude: 41.9,
  longitude: 12.5,
  distance_km: null,
  picture: null,
  email: null,
  phone: null,
  website: null,
  services: [],
  pec: null,
  vat_number: null,
  description: null,
  asl: null,
  openings: { days: [], inherited: false, time_zone: "Europe/Rome" },
  options: { overlap: false, report: false },
  code: "AB12CD34EF",
  managed_by: null,
};

describe("company profile (anagrafica)", () => {
  it("saves the whole record and shows the server's field errors", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.viewCompanyRegistry] }));
    let puts = 0;
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/companies/c1") return { status: 200, body: { data: detail } };
      if (call.url === "/api/v1/companies/own/anagrafica") {
        puts += 1;
        return puts === 1
          ? { status: 422, body: { message: "Dati non validi", errors: { phone: ["Numero di telefono non valido"] } } }
          : { status: 200, body: { data: { ...detail, ...(call.body as object) } } };
      }
      return undefined;
    });
    renderApp("/operatore/impostazioni");
    expect(await screen.findByText("AB12CD34EF")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Telefono (facoltativo)"), { target: { value: "0612345678" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Numero di telefono non valido")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Dati aggiornati correttamente")).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/api/v1/companies/own/anagrafica").at(-1)?.body).toMatchObject({
        name: "Farmacia Centrale",
        subtype: "farmacia",
        phone: "0612345678",
        cap: "00118",
        latitude: 41.9,
        longitude: 12.5,
      }),
    );
  });
});
