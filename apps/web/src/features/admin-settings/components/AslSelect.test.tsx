import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { geoAnswer } from "../../../test/geo.ts";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const lazio = [
  {
    codice_asl: "120201",
    codice_regione: "120",
    regione: "Lazio",
    denominazione: "ROMA 1",
    comune_sede: "Roma",
    provincia_sede: "Roma",
    sito_web: null,
    accorpata_in: null,
    accorpata_dal: null,
  },
  {
    codice_asl: "120202",
    codice_regione: "120",
    regione: "Lazio",
    denominazione: "ROMA 2",
    comune_sede: "Roma",
    provincia_sede: "Roma",
    sito_web: null,
    accorpata_in: null,
    accorpata_dal: null,
  },
];

describe("the citizen's ASL in the profile", () => {
  it("is a choice among the ASL of the citizen's region; the old free text stays until changed", async () => {
    const base = makeUser({ hashid: "u1" });
    const user = {
      ...base,
      anagrafica: base.anagrafica
        ? {
            ...base.anagrafica,
            cf: "RSSMRA80A01H501U",
            birthday: "1980-01-01",
            regione: "Lazio",
            provincia: "RM",
            comune: "Roma",
            cap: "00118",
            address: "Via Appia 1",
            denominazione_asl: "Asl di Roma centro",
          }
        : null,
    };
    signInAs(user);
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/utilities/aslinfo?regione=Lazio") return { status: 200, body: { data: lazio } };
      if (call.url === "/api/v1/users/anagraphic/update") {
        return {
          status: 200,
          body: { data: { ...user, anagrafica: { ...user.anagrafica, ...(call.body as object) } } },
        };
      }
      return geoAnswer(call);
    });
    renderApp("/cittadino/profilo");
    const personal = await screen.findByTestId("profile-section-personal");
    fireEvent.click(within(personal).getByRole("button", { name: "Modifica" }));
    const select = (await within(personal).findByRole("combobox", {
      name: "ASL di appartenenza",
    })) as HTMLSelectElement;
    const labels = [...select.options].map((o) => o.textContent);
    expect(labels).toEqual([
      "Scegli la tua ASL",
      "Asl di Roma centro (valore inserito in precedenza)",
      "ROMA 1 (Roma)",
      "ROMA 2 (Roma)",
    ]);
    await waitFor(() => expect(select.value).toBe("Asl di Roma centro"));
    fireEvent.change(select, { target: { value: "ROMA 2" } });
    fireEvent.click(within(personal).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v1/users/anagraphic/update")).toBe(true));
    expect(calls.find((c) => c.url === "/api/v1/users/anagraphic/update")?.body).toMatchObject({
      denominazione_asl: "ROMA 2",
    });
  });
});
