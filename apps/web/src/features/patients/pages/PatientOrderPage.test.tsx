import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const operator = makeUser({
  type: 1,
  company: {
    hashid: "c1",
    name: "Farmacia San Marco",
    level: 1,
    active_services: [{ hashid: "s1", name: "Prenotazioni", position_ref: 1 }],
    bancaDati: [],
  },
});

const patient = {
  hashid: "p1",
  name: "Maria",
  surname: "Rossi",
  cf: null,
  gender: null,
  birthday: null,
  email: null,
  prefix: "+39",
  tel_number: null,
  phone_verified: false,
  ts_number: null,
  regione: null,
  provincia: null,
  comune: null,
  cap: null,
  address: null,
  active: true,
  consent: false,
  consent_at: null,
  registered: true,
  in_care_circle: false,
  bookings: 0,
};

const product = {
  code: "012745182",
  name: "Tachipirina",
  active_ingredient: "paracetamolo",
  package: "20 compresse 500 mg",
  prescription_required: false,
};

describe("product order for a patient", () => {
  it("searches the medicine list, adds a product with its quantity and sends the order", async () => {
    signInAs(operator);
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/companies/own/patients/p1") return { status: 200, body: { data: patient } };
      if (call.url === "/api/v1/utilities/products/tachi/search") return { status: 200, body: { data: [product] } };
      if (call.url === "/api/v1/companies/own/patients/p1/orders")
        return { status: 422, body: { message: "Codice NRE non valido", errors: { nre: ["Codice NRE non valido"] } } };
      return undefined;
    });
    renderApp("/operatore/pazienti/ordine/p1");
    expect(await screen.findByRole("heading", { level: 1, name: "Ordine prodotti per il paziente" })).toBeTruthy();
    const submit = screen.getByRole("button", { name: "Inserisci ordine" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Cerca prodotto"), { target: { value: "tachi" } });
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi Tachipirina" }));
    fireEvent.change(screen.getByLabelText("Quantità di Tachipirina 20 compresse 500 mg"), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText("Codice NRE della ricetta (facoltativo)"), { target: { value: "123" } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/companies/own/patients/p1/orders")?.body).toEqual({
        products: [{ code: "012745182", quantity: 3 }],
        nre: "123",
      }),
    );
    expect(await screen.findByText("Codice NRE non valido")).toBeTruthy();
  });
});
