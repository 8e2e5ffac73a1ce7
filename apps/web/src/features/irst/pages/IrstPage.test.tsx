import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type FetchCall, makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

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
const herb = {
  ...drug,
  hashid: "a1",
  kind: "altro",
  name: "Iperico",
  code: null,
  type: "fitoterapico",
  dosage: null,
  frequency: "una_volta_al_giorno",
  route: null,
  prescriber: null,
};
const lastUpdate = {
  kind: "variazione",
  at: "2026-01-10T09:00:00.000Z",
  since: null,
  author_role: "paziente",
};

function respondWithLists(call: FetchCall) {
  if (call.url.startsWith("/api/v1/activities/irst/therapies")) {
    const farmaco = call.url.includes("kind=farmaco");
    return {
      status: 200,
      body: {
        data: [farmaco ? drug : herb],
        meta: { page: 1, per_page: 10, total: 1, last_update: lastUpdate, farmaci: 1, altri: 1 },
      },
    };
  }
  if (call.url === "/api/v1/activities/irst/novar" && call.method === "POST") {
    return { status: 201, body: { data: { ...lastUpdate, kind: "nessuna_variazione", since: lastUpdate.at } } };
  }
  if (call.url.startsWith("/api/v1/activities/irst/farmaco/") && call.method === "DELETE") {
    return { status: 200, body: { message: "Voce eliminata" } };
  }
  if (call.url.startsWith("/api/v1/utilities/products/")) {
    return {
      status: 200,
      body: {
        data: [
          {
            code: "CP0002",
            name: "Tachipirina",
            active_ingredient: "paracetamolo",
            package: "16 compresse 1000 mg",
            prescription_required: true,
          },
        ],
      },
    };
  }
  if (call.url === "/api/v1/activities/irst/farmaco" && call.method === "POST") {
    return { status: 201, body: { data: { ...drug, hashid: "d2" } } };
  }
  return undefined;
}

describe("IRST page (issue 13)", () => {
  it("shows both lists with their labels and the last compilation, in the citizen's menu", async () => {
    signInAs(makeUser({ type: 0 }));
    mockFetch(respondWithLists);
    renderApp("/cittadino/irst");
    expect(await screen.findByText("Tachipirina 20 compresse 500 mg", {}, { timeout: 15000 })).toBeTruthy();
    expect(screen.getByText("Iperico")).toBeTruthy();
    expect(screen.getByText("Prodotto fitoterapico o erboristico")).toBeTruthy();
    expect(screen.getByText("Oncologo")).toBeTruthy();
    expect(screen.getByText("Al bisogno")).toBeTruthy();
    expect(screen.getByTestId("irst-status").textContent).toMatch(/Ultima compilazione: .*\(elenco modificato\)/);
    expect(screen.getAllByRole("link", { name: "Ricognizione terapie" }).length).toBeGreaterThan(0);
  });

  it("records 'Nessuna variazione' after confirmation, and deletes an entry after confirmation", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch(respondWithLists);
    renderApp("/cittadino/irst");
    await screen.findByText("Tachipirina 20 compresse 500 mg", {}, { timeout: 5000 });

    fireEvent.click(screen.getByRole("button", { name: "Nessuna variazione" }));
    const novarDialog = await screen.findByRole("dialog");
    expect(novarDialog.textContent).toMatch(/non è cambiato nulla/);
    fireEvent.click(within(novarDialog).getByRole("button", { name: "Confermo" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v1/activities/irst/novar")).toBe(true));
    expect(calls.find((c) => c.url === "/api/v1/activities/irst/novar")?.body).toEqual({});

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Elimina Tachipirina 20 compresse 500 mg" }));
    const deleteDialog = await screen.findByRole("dialog");
    fireEvent.click(within(deleteDialog).getByRole("button", { name: "Elimina" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/v1/activities/irst/farmaco/d1")).toBe(true),
    );
  });

  it("adds a drug chosen from the catalogue; a missing frequency is shown under its field first", async () => {
    signInAs(makeUser({ type: 0 }));
    const { calls } = mockFetch(respondWithLists);
    renderApp("/cittadino/irst");
    await screen.findByText("Tachipirina 20 compresse 500 mg", {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi farmaco" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Cerca il farmaco"), { target: { value: "tachi" } });
    fireEvent.click(await within(dialog).findByRole("button", { name: /16 compresse 1000 mg/ }));
    fireEvent.change(within(dialog).getByLabelText("Via di somministrazione"), { target: { value: "orale" } });
    fireEvent.change(within(dialog).getByLabelText("Prescritto da"), { target: { value: "medico_di_base" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Aggiungi" }));
    expect(await within(dialog).findByText("Campo obbligatorio")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/v1/activities/irst/farmaco")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText("Frequenza"), { target: { value: "due_volte_al_giorno" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Aggiungi" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.url === "/api/v1/activities/irst/farmaco")?.body).toEqual({
        drug: { code: "CP0002" },
        dosage: null,
        frequency: "due_volte_al_giorno",
        route: "orale",
        prescriber: "medico_di_base",
        notes: null,
      }),
    );
  });
});
