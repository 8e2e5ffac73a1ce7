import { COMPANY_LEVELS, OPERATOR_PERMISSIONS } from "@cura/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const detail = {
  hashid: "c1",
  name: "Farmacia Centrale",
  type: "farmacia",
  type_label: "Farmacia",
  subtype: "farmacia",
  subtype_label: "Farmacia",
  level: 1,
  address: "Via Roma 1",
  comune: "Milano",
  provincia: "MI",
  regione: "Lombardia",
  cap: "20121",
  latitude: null,
  longitude: null,
  distance_km: null,
  picture: null as string | null,
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
  code: null,
  managed_by: null,
};

describe("company picture", () => {
  it("uploads an image as the company's picture, shows it and removes it after confirmation", async () => {
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: vi.fn(() => "blob:logo"), revokeObjectURL: vi.fn() }));
    signInAs(
      makeUser({
        type: 1,
        company: {
          hashid: "c1",
          name: "Farmacia Centrale",
          level: COMPANY_LEVELS.firstLevel,
          active_services: [],
          bancaDati: [],
        },
        permessi: [OPERATOR_PERMISSIONS.viewCompanyRegistry],
      }),
    );
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/companies/c1") return { status: 200, body: { data: detail } };
      if (call.url === "/api/v1/resources/public") return { status: 201, body: { data: { hashid: "img1" } } };
      if (call.url === "/api/v1/companies/own/profile/picture" && call.method === "POST")
        return { status: 200, body: { data: { ...detail, picture: "/api/v1/resources/private/img1" } } };
      if (call.url === "/api/v1/companies/own/profile/picture" && call.method === "DELETE")
        return { status: 200, body: { data: detail } };
      if (call.url === "/api/v1/resources/private/img1") return { status: 200, body: "png" };
      return undefined;
    });
    renderApp("/operatore/impostazioni/anagrafica");
    const section = await screen.findByRole("region", { name: "Immagine dell'azienda" });
    expect(within(section).getByText("Nessuna immagine.")).toBeTruthy();
    const text = new File(["x"], "note.txt", { type: "text/plain" });
    fireEvent.change(within(section).getByLabelText("Nuova immagine"), { target: { files: [text] } });
    fireEvent.click(within(section).getByRole("button", { name: "Carica immagine" }));
    expect(await within(section).findByText("Il file deve essere un'immagine")).toBeTruthy();
    const image = new File(["png"], "logo.png", { type: "image/png" });
    fireEvent.change(within(section).getByLabelText("Nuova immagine"), { target: { files: [image] } });
    fireEvent.click(within(section).getByRole("button", { name: "Carica immagine" }));
    const img = await within(section).findByRole("img", { name: "Immagine di Farmacia Centrale" });
    expect(img.getAttribute("src")).toBe("blob:logo");
    expect(calls.find((c) => c.url === "/api/v1/companies/own/profile/picture")?.body).toEqual({ resource: "img1" });

    fireEvent.click(within(section).getByRole("button", { name: "Rimuovi immagine" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Rimuovi immagine" }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === "/api/v1/companies/own/profile/picture" && c.method === "DELETE")).toBe(true),
    );
    expect(await within(section).findByText("Nessuna immagine.")).toBeTruthy();
  });
});
