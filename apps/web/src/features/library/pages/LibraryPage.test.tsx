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

const items = [
  { hashid: "l1", label: "Prontuario farmaci", url: "https://example.org/prontuario", open_iframe: true },
  { hashid: "l2", label: "Linee guida", url: "https://example.org/linee", open_iframe: false },
];

describe("library (banca dati)", () => {
  it("opens an item in the floating frame, with open-in-new-tab, and closes it", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [] }));
    mockFetch((call) =>
      call.url === "/api/v1/companies/own/libraries" ? { status: 200, body: { data: items } } : undefined,
    );
    renderApp("/operatore/bancadati");
    expect(await screen.findByRole("heading", { level: 1, name: "Banca dati" })).toBeTruthy();
    // Without 'visualizzare anagrafica azienda' there is no Configura.
    expect(screen.queryByRole("button", { name: "Configura" })).toBeNull();
    const list = await screen.findByTestId("library-items");
    expect(within(list).getByRole("link", { name: "Apri in una nuova scheda: Linee guida" }).getAttribute("href")).toBe(
      "https://example.org/linee",
    );

    fireEvent.click(within(list).getByRole("button", { name: "Apri Prontuario farmaci" }));
    const frame = await screen.findByTestId("library-frame");
    expect(within(frame).getByTitle("Prontuario farmaci").getAttribute("src")).toBe("https://example.org/prontuario");
    const tab = within(frame).getByRole("link", { name: "Apri in una nuova scheda" });
    expect(tab.getAttribute("target")).toBe("_blank");
    expect(tab.getAttribute("href")).toBe("https://example.org/prontuario");
    expect(document.querySelector(".library-frame-resize")).not.toBeNull();
    // Moves with the arrow keys on its Sposta button, resizes with Shift.
    const box = screen.getByTestId("library-frame-box");
    const handle = within(frame).getByRole("button", { name: "Sposta" });
    const at = () => (box.style.transform.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    const [x0 = 0, y0 = 0] = at();
    fireEvent.keyDown(handle, { key: "ArrowRight" });
    fireEvent.keyDown(handle, { key: "ArrowDown" });
    await waitFor(() => expect(at()).toEqual([x0 + 20, y0 + 20]));
    fireEvent.keyDown(handle, { key: "ArrowLeft", shiftKey: true });
    await waitFor(() => expect(box.style.width).toBe("700px"));
    fireEvent.click(within(frame).getByRole("button", { name: "Chiudi" }));
    await waitFor(() => expect(screen.queryByTestId("library-frame")).toBeNull());
  });

  it("lets an operator with 'visualizzare anagrafica azienda' configure the items", async () => {
    signInAs(makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.viewCompanyRegistry] }));
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/companies/own/libraries" && call.method === "GET")
        return { status: 200, body: { data: items } };
      if (call.url === "/api/v1/companies/own/libraries" && call.method === "POST")
        return { status: 201, body: { data: { hashid: "l3", ...(call.body as object) } } };
      return undefined;
    });
    renderApp("/operatore/bancadati");
    fireEvent.click(await screen.findByRole("button", { name: "Configura" }));
    fireEvent.change(screen.getByLabelText("Etichetta"), { target: { value: "Farmacopea" } });
    fireEvent.change(screen.getByLabelText("Indirizzo (URL)"), { target: { value: "http://example.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("L'indirizzo deve iniziare con https://")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Indirizzo (URL)"), { target: { value: "https://example.org/fu" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        label: "Farmacopea",
        url: "https://example.org/fu",
        open_iframe: true,
      }),
    );
  });
});
