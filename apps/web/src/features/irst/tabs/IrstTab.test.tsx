import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

/** The IRST section of the operator's patient card (issue 13): the patient's lists, read only. */
const operator = makeUser({
  type: 1,
  company: {
    hashid: "c1",
    name: "Farmacia San Marco",
    level: 1,
    active_services: [{ hashid: "s4", name: "Pazienti", position_ref: 4 }],
    bancaDati: [],
  },
});

const patient = {
  hashid: "p1",
  name: "Maria",
  surname: "Rossi",
  cf: "RSSMRA85M41F205Z",
  gender: "femminile",
  birthday: "1985-08-01",
  email: "maria.rossi@example.it",
  prefix: "+39",
  tel_number: "3471234567",
  phone_verified: true,
  ts_number: null,
  regione: "Lombardia",
  provincia: "MI",
  comune: "Milano",
  cap: "20135",
  address: "Via Bergamo 7",
  active: true,
  consent: true,
  consent_at: "2026-01-01T09:00:00.000Z",
  registered: true,
  in_care_circle: true,
  bookings: 0,
};

const drug = {
  hashid: "d1",
  kind: "farmaco",
  name: "Tachipirina 20 compresse 500 mg",
  code: "CP0001",
  not_listed: false,
  type: null,
  dosage: "1 compressa",
  frequency: "al_bisogno",
  route: "orale",
  prescriber: "oncologo",
  notes: null,
  author_role: "paziente",
  created_at: "2026-01-10T09:00:00.000Z",
};

function server(lists: { farmaco: unknown[]; altro: unknown[] }, lastUpdate: unknown) {
  return (call: FetchCall) => {
    if (call.url === "/api/v1/companies/own/patients/p1") return { status: 200, body: { data: patient } };
    if (call.url === "/api/v1/reservations/company/users/p1") return { status: 200, body: { data: [] } };
    if (call.url.startsWith("/api/v1/activities/irst/therapies")) {
      const kind = call.url.includes("kind=farmaco") ? "farmaco" : "altro";
      const data = lists[kind];
      return {
        status: 200,
        body: {
          data,
          meta: { page: 1, per_page: 10, total: data.length, last_update: lastUpdate, farmaci: 1, altri: 0 },
        },
      };
    }
    return undefined;
  };
}

describe("IRST in the operator's patient card", () => {
  it("shows the patient's lists and last compilation, with nothing to change", async () => {
    signInAs(operator);
    const { calls } = mockFetch(
      server(
        { farmaco: [drug], altro: [] },
        { kind: "nessuna_variazione", at: "2026-01-12T09:00:00.000Z", since: null, author_role: "paziente" },
      ),
    );
    renderApp("/operatore/pazienti/scheda/p1?sezione=irst");
    const tab = await screen.findByRole("link", { name: "Ricognizione IRST" });
    expect(tab.getAttribute("aria-current")).toBe("page");
    const section = await screen.findByTestId("irst-patient");
    const table = await within(section).findByTestId("irst-farmaco-table");
    expect(within(table).getByText("Tachipirina 20 compresse 500 mg")).toBeTruthy();
    expect(within(table).getByText("Orale")).toBeTruthy();
    expect(within(section).getByTestId("irst-altro-empty").textContent).toBe(
      "Il paziente non ha indicato altri prodotti.",
    );
    expect(within(section).getByTestId("irst-status").textContent).toMatch(/nessuna variazione/);
    // Read only: no add, delete or 'Nessuna variazione' for the operator.
    expect(within(section).queryByRole("button")).toBeNull();
    // The lists asked are the patient's.
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.startsWith("/api/v1/activities/irst/therapies"))
          .every((c) => c.url.includes("patient=p1")),
      ).toBe(true),
    );
  });

  it("says when the patient has not compiled the reconciliation, and links the tab", async () => {
    signInAs(operator);
    mockFetch(server({ farmaco: [], altro: [] }, null));
    renderApp("/operatore/pazienti/scheda/p1");
    fireEvent.click(await screen.findByRole("link", { name: "Ricognizione IRST" }));
    const section = await screen.findByTestId("irst-patient");
    expect((await within(section).findByTestId("irst-status")).textContent).toBe(
      "Il paziente non ha ancora compilato la ricognizione.",
    );
    expect(within(section).getByTestId("irst-farmaco-empty").textContent).toBe("Il paziente non ha indicato farmaci.");
  });
});
