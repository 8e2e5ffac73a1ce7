import type { TExam, TFdsService } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const admin = makeUser({ type: 2 });

const exam: TExam = {
  hashid: "e1",
  name: "Glicemia",
  unit: "mg/dL",
  decimals: 0,
  min: 20,
  max: 600,
  reference_min: 70,
  reference_max: 99,
  loinc: "2339-0",
};

const ecg: TFdsService = {
  hashid: "f1",
  code: "TELE-ECG",
  name: "Elettrocardiogramma in telemedicina",
  description: "ECG refertato a distanza",
  category: "Telemedicina",
  pharmacies: 0,
  adherent: null,
};

function respond() {
  return mockFetch((call) => {
    if (call.url === "/api/v1/exams" && call.method === "GET") return { status: 200, body: { data: [exam] } };
    if (call.url === "/api/v1/exams" && call.method === "POST") {
      const body = call.body as { name: string };
      if (body.name === "Glicemia")
        return {
          status: 422,
          body: { message: "Dati non validi", errors: { name: ["Esiste già un parametro con questo nome"] } },
        };
      return { status: 201, body: { data: { ...exam, ...body, hashid: "e2", bands: [], measurements: 0 } } };
    }
    if (call.url === "/api/v1/exams/e1" && call.method === "DELETE")
      return {
        status: 409,
        body: { message: "Il parametro è usato da misurazioni registrate: non può essere eliminato" },
      };
    if (call.url.startsWith("/api/v1/fdsservices")) {
      if (call.method === "POST") return { status: 200, body: { data: { ...ecg, pharmacies: 1, adherent: true } } };
      const adherent = call.url.includes("company=c1") ? false : null;
      return { status: 200, body: { data: [{ ...ecg, adherent }] } };
    }
    if (call.url.startsWith("/api/v1/companies?"))
      return {
        status: 200,
        body: {
          data: [{ hashid: "c1", name: "Farmacia San Marco", comune: "Milano" }],
          meta: { page: 1, per_page: 100, total: 1 },
        },
      };
    if (call.url === "/api/v1/services") return { status: 200, body: { data: [] } };
    if (call.url.startsWith("/api/v1/healthservices"))
      return { status: 200, body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } };
    return undefined;
  });
}

describe("the services page's catalogues", () => {
  it("adds a parameter, showing the client's and the server's errors, and reports a refused deletion", async () => {
    signInAs(admin);
    const { calls } = respond();
    renderApp("/admin/servizi");
    const row = (await screen.findAllByTestId("exam-row"))[0] as HTMLElement;
    expect(within(row).getByText("2339-0")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Nuovo parametro" }));
    const form = (await screen.findByRole("heading", { name: "Nuovo parametro", level: 3 })).closest(
      "form",
    ) as HTMLElement;
    fireEvent.change(within(form).getByLabelText("Nome"), { target: { value: "Glicemia" } });
    fireEvent.change(within(form).getByLabelText("Minimo plausibile"), { target: { value: "10" } });
    fireEvent.change(within(form).getByLabelText("Massimo plausibile"), { target: { value: "5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(form).findByText("Il minimo deve essere minore del massimo")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(form).getByLabelText("Massimo plausibile"), { target: { value: "500" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(form).findByText("Esiste già un parametro con questo nome")).toBeTruthy();

    fireEvent.change(within(form).getByLabelText("Nome"), { target: { value: "Colesterolo" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST" && c.url === "/api/v1/exams").at(-1)?.body).toMatchObject({
        name: "Colesterolo",
        min: 10,
        max: 500,
        decimals: 0,
      }),
    );

    fireEvent.click(within(row).getByRole("button", { name: /Elimina\s*Glicemia/ }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText(/usato da misurazioni registrate/)).toBeTruthy();
  });

  it("shows the farmacia dei servizi and sets a pharmacy's adhesion", async () => {
    signInAs(admin);
    const { calls } = respond();
    renderApp("/admin/servizi");
    expect(await screen.findByText("Elettrocardiogramma in telemedicina")).toBeTruthy();
    await screen.findByRole("option", { name: "Farmacia San Marco (Milano)" });
    fireEvent.change(screen.getByLabelText("Farmacia"), { target: { value: "c1" } });
    const box = await screen.findByLabelText("Aderisce a Elettrocardiogramma in telemedicina");
    fireEvent.click(box);
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.url.includes("adesioni/set/f1"))?.body).toEqual({
        company_ids: ["c1"],
        adherent: true,
      }),
    );
  });
});
