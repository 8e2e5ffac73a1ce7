import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { geoAnswer } from "../../../test/geo.ts";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

describe("profile (spec 000 §2.9)", () => {
  it("edits one section at a time and saves the whole record", async () => {
    const base = makeUser({ hashid: "u1" });
    const user = {
      ...base,
      anagrafica: base.anagrafica
        ? {
            ...base.anagrafica,
            regione: "Lazio",
            provincia: "RM",
            comune: "Roma",
            cap: "00118",
            address: "Via Appia 1",
          }
        : null,
    };
    signInAs(user);
    const { calls } = mockFetch(
      (call) =>
        geoAnswer(call) ??
        (call.url === "/api/v1/users/anagraphic/update"
          ? {
              status: 200,
              body: { data: { ...user, anagrafica: { ...user.anagrafica, ...(call.body as object) } } },
            }
          : undefined),
    );
    renderApp("/cittadino/profilo");
    expect(await screen.findByRole("heading", { level: 1, name: "Profilo" })).toBeTruthy();
    // The citizen's profile has no access section (that is in the settings) and no emergency contacts.
    expect(screen.queryByRole("heading", { name: "Cambia password" })).toBeNull();

    const personal = screen.getByTestId("profile-section-personal");
    const contacts = screen.getByTestId("profile-section-contacts");
    fireEvent.click(within(personal).getByRole("button", { name: "Modifica" }));
    // One section at a time.
    expect((within(contacts).getByRole("button", { name: "Modifica" }) as HTMLButtonElement).disabled).toBe(true);

    // The citizen's extra fields are there; the ASL is free text.
    expect(within(personal).getByLabelText("Medico di base")).toBeTruthy();
    fireEvent.change(within(personal).getByLabelText("ASL di appartenenza"), { target: { value: "ASL Roma 1" } });
    fireEvent.click(within(personal).getByRole("button", { name: "Salva" }));

    // The record has no tax code and no birthday: the citizen's rules say so, per field.
    expect(await within(personal).findAllByText("Campo obbligatorio")).toHaveLength(2);
    expect(calls.some((c) => c.url.includes("anagraphic"))).toBe(false);
    fireEvent.change(within(personal).getByLabelText("Codice fiscale"), { target: { value: "RSSMRA80A01H501U" } });
    await waitFor(() =>
      expect((within(personal).getByLabelText("Data di nascita") as HTMLInputElement).value).toBe("1980-01-01"),
    );
    fireEvent.click(within(personal).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Dati salvati")).toBeTruthy();
    // Back to view mode, with the new values; the body was the whole record.
    expect(within(personal).getByText("ASL Roma 1")).toBeTruthy();
    expect((within(contacts).getByRole("button", { name: "Modifica" }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls.find((c) => c.url === "/api/v1/users/anagraphic/update")?.body).toMatchObject({
      name: "Mario",
      cf: "RSSMRA80A01H501U",
      birthday: "1980-01-01",
      gender: "maschile",
      denominazione_asl: "ASL Roma 1",
      regione: "Lazio",
      comune: "Roma",
      tel_number: "3331234567",
    });
  });

  it("names the problems of other sections when a section cannot be saved", async () => {
    signInAs(makeUser({ hashid: "u1" }));
    mockFetch((call) => geoAnswer(call));
    renderApp("/cittadino/profilo");
    const contacts = await screen.findByTestId("profile-section-contacts");
    fireEvent.click(within(contacts).getByRole("button", { name: "Modifica" }));
    fireEvent.click(within(contacts).getByRole("button", { name: "Salva" }));
    const problems = await within(contacts).findByRole("alert");
    expect(problems.textContent).toContain("Regione: Campo obbligatorio");
    expect(problems.textContent).toContain("Codice fiscale: Campo obbligatorio");
    fireEvent.click(within(contacts).getByRole("button", { name: "Annulla" }));
    expect(await within(contacts).findByRole("button", { name: "Modifica" })).toBeTruthy();
  });

  it("shows the stored picture through the API, and deletes it after confirmation", async () => {
    const createObjectURL = vi.fn(() => "blob:picture");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = makeUser({ hashid: "u1", profile_pic: "/api/v1/resources/private/pic1" });
    signInAs(user);
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/resources/private/pic1") return { status: 200, body: "image-bytes" };
      if (call.url === "/api/v1/users/profile/picture/delete")
        return { status: 200, body: { data: { ...user, profile_pic: null } } };
      return undefined;
    });
    renderApp("/cittadino/profilo");
    const img = (await screen.findByAltText("Immagine del profilo di Mario Rossi")) as HTMLImageElement;
    expect(img.getAttribute("src")).toBe("blob:picture");
    expect(calls.find((c) => c.url === "/api/v1/resources/private/pic1")?.headers.Authorization).toBe(
      "Bearer test-token-0123456789",
    );

    fireEvent.click(screen.getByRole("button", { name: "Elimina l'immagine" }));
    const dialog = await screen.findByRole("dialog", { name: "Vuoi eliminare l'immagine del profilo?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Elimina l'immagine" }));
    expect(await screen.findByText("Immagine del profilo eliminata")).toBeTruthy();
    expect(screen.queryByAltText("Immagine del profilo di Mario Rossi")).toBeNull();
    expect(calls.some((c) => c.url === "/api/v1/users/profile/picture/delete" && c.method === "GET")).toBe(true);
  });

  it("gives the operator the access section: permissions, password change, session timeout", async () => {
    const operator = makeUser({ type: 1, hashid: "op1", permessi: ["gestire operatori"], session_timeout_minutes: 15 });
    signInAs(operator);
    const { calls } = mockFetch((call) =>
      call.url === "/api/v1/users/op1" && call.method === "PUT"
        ? { status: 200, body: { data: { ...operator, session_timeout_minutes: 30 } } }
        : call.url === "/api/v1/users/change/password"
          ? {
              status: 422,
              body: {
                message: "Password attuale errata: se non la ricordi usa il recupero password",
                errors: { old_password: ["Password attuale errata: se non la ricordi usa il recupero password"] },
              },
            }
          : undefined,
    );
    renderApp("/operatore/profilo");
    expect(await screen.findByRole("heading", { level: 2, name: "Accesso e permessi" })).toBeTruthy();
    expect(screen.getByText("gestire operatori")).toBeTruthy();

    expect(screen.getByTestId("session-timeout-value").textContent).toContain("15 minuti");
    fireEvent.click(screen.getByRole("button", { name: "Modifica il timeout" }));
    const minutes = screen.getByLabelText("Minuti di inattività");
    fireEvent.change(minutes, { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(/va da 5 a 60 minuti/)).toBeTruthy();
    fireEvent.change(minutes, { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect((await screen.findByTestId("session-timeout-value")).textContent).toContain("30 minuti");
    expect(calls.find((c) => c.url === "/api/v1/users/op1")?.body).toEqual({ session_timeout_minutes: 30 });

    fireEvent.change(screen.getByLabelText("Password attuale"), { target: { value: "Sbagliata-1" } });
    fireEvent.change(screen.getByLabelText("Nuova password"), { target: { value: "Prenota-2026!" } });
    fireEvent.change(screen.getByLabelText("Conferma la password"), { target: { value: "Prenota-2026!" } });
    fireEvent.click(screen.getByRole("button", { name: "Cambia password" }));
    expect(await screen.findByTestId("password-recovery-hint")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Recupera la password" }));
    const dialog = await screen.findByRole("dialog", { name: "Recupera la password via e-mail" });
    expect((dialog.querySelector("input") as HTMLInputElement).value).toBe("mario.rossi@example.com");
  });
});
