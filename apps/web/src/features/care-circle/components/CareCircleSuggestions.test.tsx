import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const suggestion = {
  hashid: "c9",
  name: "Farmacia Trastevere",
  type: "farmacia",
  type_label: "Farmacia",
  subtype: "farmacia",
  subtype_label: "Farmacia",
  level: 1,
  address: "Viale di Trastevere 82",
  comune: "Roma",
  provincia: "RM",
  regione: "Lazio",
  cap: "00153",
  latitude: null,
  longitude: null,
  distance_km: null,
  picture: null,
  email: null,
  phone: null,
  website: null,
  services: [],
};

describe("care circle suggestions", () => {
  it("lists providers near home and adds one to the circle", async () => {
    signInAs(makeUser({ type: 0 }));
    let added = false;
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/users/own/circolocura?suggestions=true")
        return { status: 200, body: { data: added ? [] : [suggestion] } };
      if (call.url === "/api/v1/users/own/circolocura") return { status: 200, body: { data: [] } };
      if (call.url === "/api/v1/users/company/relationship") {
        added = true;
        return { status: 200, body: { data: {}, message: "Struttura aggiunta al circolo di cura" } };
      }
      return undefined;
    });
    renderApp("/cittadino/circolocura");
    const section = await screen.findByRole("region", { name: "Strutture vicino a te" });
    expect(within(section).getByRole("link", { name: "Farmacia Trastevere" }).getAttribute("href")).toBe(
      "/cittadino/ricerca/c9",
    );
    fireEvent.click(within(section).getByRole("button", { name: "Aggiungi al circolo di cura: Farmacia Trastevere" }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === "/api/v1/users/company/relationship")?.body).toEqual({ company_id: "c9" }),
    );
    // The circle and the suggestions share a key: the added provider leaves the suggestions.
    await waitFor(() => expect(screen.queryByRole("region", { name: "Strutture vicino a te" })).toBeNull());
  });
});
