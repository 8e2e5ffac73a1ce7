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

const bands = [
  { min: 20, max: 69, risk: 2 },
  { min: 70, max: 99, risk: 0 },
  { min: 100, max: 600, risk: 3 },
];

function respond() {
  let puts = 0;
  return mockFetch((call) => {
    if (call.url === "/api/v1/exams" && call.method === "GET") return { status: 200, body: { data: [exam] } };
    if (call.url === "/api/v1/exams/e1" && call.method === "GET")
      return { status: 200, body: { data: { ...exam, bands, measurements: 12 } } };
    if (call.url === "/api/v1/exams/e1" && call.method === "PUT") {
      // The server has the last word: its first answer refuses the third band, on that band's field.
      puts += 1;
      if (puts === 1)
        return {
          status: 422,
          body: {
            message: "Dati non validi",
            errors: { "bands.2.min": ["Le fasce non possono sovrapporsi"] },
          },
        };
      return { status: 200, body: { data: { ...exam, ...(call.body as object), measurements: 12 } } };
    }
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

  it("edits a parameter's default bands: the schema's checks by the field, the server's 422 on its band, then saved", async () => {
    signInAs(admin);
    const { calls } = respond();
    renderApp("/admin/servizi");
    const row = (await screen.findAllByTestId("exam-row"))[0] as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: /Modifica\s*Glicemia/ }));
    const form = (await screen.findByRole("heading", { name: "Modifica Glicemia", level: 3 })).closest(
      "form",
    ) as HTMLElement;
    // The bands come from GET exams/{id}.
    expect(((await within(form).findByLabelText("Minimo fascia 1")) as HTMLInputElement).value).toBe("20");
    expect(within(form).getAllByTestId("exam-band")).toHaveLength(3);
    expect((within(form).getByLabelText("Rischio fascia 3") as HTMLSelectElement).value).toBe("3");

    // Overlapping bands: the shared rule answers by the field, nothing is sent.
    fireEvent.change(within(form).getByLabelText("Minimo fascia 2"), { target: { value: "60" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    const overlap = await within(form).findByText("Le fasce non possono sovrapporsi");
    const second = within(form).getByLabelText("Minimo fascia 2");
    expect(second.getAttribute("aria-invalid")).toBe("true");
    expect(second.getAttribute("aria-describedby")).toContain(overlap.id);
    // A band outside the plausible range, and an empty bound.
    fireEvent.change(second, { target: { value: "70" } });
    fireEvent.change(within(form).getByLabelText("Massimo fascia 3"), { target: { value: "" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(form).findByText("Numero non valido")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Massimo fascia 3"), { target: { value: "700" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(form).findByText("La fascia deve stare nell'intervallo plausibile del parametro")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    // Band 3 ends lower; a fourth band of very high risk.
    fireEvent.change(within(form).getByLabelText("Massimo fascia 3"), { target: { value: "299" } });
    fireEvent.click(within(form).getByRole("button", { name: "Aggiungi fascia" }));
    fireEvent.change(within(form).getByLabelText("Minimo fascia 4"), { target: { value: "300" } });
    fireEvent.change(within(form).getByLabelText("Massimo fascia 4"), { target: { value: "600" } });
    fireEvent.change(within(form).getByLabelText("Rischio fascia 4"), { target: { value: "4" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    // The server refuses band 3: its message on that band's minimum.
    const refused = await within(form).findByText("Le fasce non possono sovrapporsi");
    expect(within(form).getByLabelText("Minimo fascia 3").getAttribute("aria-describedby")).toContain(refused.id);
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Modifica Glicemia", level: 3 })).toBeNull());
    const puts = calls.filter((c) => c.method === "PUT" && c.url === "/api/v1/exams/e1");
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toMatchObject({
      name: "Glicemia",
      min: 20,
      max: 600,
      bands: [
        { min: 20, max: 69, risk: 2 },
        { min: 70, max: 99, risk: 0 },
        { min: 100, max: 299, risk: 3 },
        { min: 300, max: 600, risk: 4 },
      ],
    });
  });

  it("adds a parameter without bands (the server's one band) or with its own; a changed one keeps at least one", async () => {
    signInAs(admin);
    const { calls } = respond();
    renderApp("/admin/servizi");
    await screen.findAllByTestId("exam-row");
    fireEvent.click(screen.getByRole("button", { name: "Nuovo parametro" }));
    let form = (await screen.findByRole("heading", { name: "Nuovo parametro", level: 3 })).closest(
      "form",
    ) as HTMLElement;
    expect(within(form).queryAllByTestId("exam-band")).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText("Nome"), { target: { value: "Trigliceridi" } });
    fireEvent.change(within(form).getByLabelText("Minimo plausibile"), { target: { value: "10" } });
    fireEvent.change(within(form).getByLabelText("Massimo plausibile"), { target: { value: "1000" } });
    fireEvent.click(within(form).getByRole("button", { name: "Aggiungi fascia" }));
    fireEvent.change(within(form).getByLabelText("Minimo fascia 1"), { target: { value: "10" } });
    fireEvent.change(within(form).getByLabelText("Massimo fascia 1"), { target: { value: "149" } });
    fireEvent.click(within(form).getByRole("button", { name: "Aggiungi fascia" }));
    fireEvent.change(within(form).getByLabelText("Minimo fascia 2"), { target: { value: "150" } });
    fireEvent.change(within(form).getByLabelText("Massimo fascia 2"), { target: { value: "1000" } });
    fireEvent.change(within(form).getByLabelText("Rischio fascia 2"), { target: { value: "2" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.url === "/api/v1/exams")?.body).toMatchObject({
        name: "Trigliceridi",
        bands: [
          { min: 10, max: 149, risk: 0 },
          { min: 150, max: 1000, risk: 2 },
        ],
      }),
    );
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Nuovo parametro", level: 3 })).toBeNull());

    const row = screen.getAllByTestId("exam-row")[0] as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: /Modifica\s*Glicemia/ }));
    form = (await screen.findByRole("heading", { name: "Modifica Glicemia", level: 3 })).closest("form") as HTMLElement;
    await within(form).findByLabelText("Minimo fascia 1");
    fireEvent.click(within(form).getByRole("button", { name: "Rimuovi fascia 3" }));
    fireEvent.click(within(form).getByRole("button", { name: "Rimuovi fascia 2" }));
    expect((within(form).getByRole("button", { name: "Rimuovi fascia 1" }) as HTMLButtonElement).disabled).toBe(true);
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
