import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const pasteCode = (code: string) =>
  fireEvent.paste(screen.getByLabelText("Cifra 1 di 6"), { clipboardData: { getData: () => code } });

describe("number verification (spec 000 §2.7, spec 001 OTP flow)", () => {
  it("sends a code, shows the masked number and the countdown, and verifies it", async () => {
    const user = makeUser({ hashid: "u1", number_verified_at: null });
    signInAs(user);
    let verified = false;
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/otp/send/u1")
        return { status: 200, body: { data: { hashid: "otp1", status: 0, number: "3*******67" } } };
      if (call.url === "/api/v1/otp/verify/u1") {
        const { code } = call.body as { code: string };
        if (code !== "123456") return { status: 200, body: { data: { status: 2 } } };
        verified = true;
        return { status: 200, body: { data: { status: 1 } } };
      }
      if (call.url === "/api/v1/users/fresh/me" && verified)
        return { status: 200, body: { data: { ...user, number_verified_at: "2026-01-01T00:00:00.000Z" } } };
      return undefined;
    });
    const { router } = renderApp("/number/verify");
    fireEvent.click(await screen.findByRole("button", { name: "Invia il codice" }));
    expect((await screen.findByTestId("otp-number")).textContent).toContain("+39 3*******67");
    expect(calls.find((c) => c.url === "/api/v1/otp/send/u1")?.body).toEqual({ cause: 1 });
    expect(screen.getByTestId("otp-countdown").textContent).toBe("Il codice scade tra 4:59");
    const verify = screen.getByRole("button", { name: "Verifica" }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);

    pasteCode("654321");
    fireEvent.click(verify);
    expect((await screen.findByTestId("otp-message")).textContent).toBe("Codice errato");

    pasteCode("123456");
    fireEvent.click(screen.getByRole("button", { name: "Verifica" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cittadino/home"));
    expect(calls.filter((c) => c.url === "/api/v1/otp/verify/u1").at(-1)?.body).toEqual({
      hashid: "otp1",
      code: "123456",
    });
  });

  it("expires the code when the countdown ends and offers a new one", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(makeUser({ hashid: "u1", number_verified_at: null }));
    mockFetch((call) =>
      call.url === "/api/v1/otp/send/u1"
        ? { status: 200, body: { data: { hashid: "otp1", status: 0, number: "3*******67" } } }
        : undefined,
    );
    renderApp("/number/verify");
    fireEvent.click(await screen.findByRole("button", { name: "Invia il codice" }));
    await screen.findByTestId("otp-countdown");
    for (let i = 0; i < 300; i++) await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect((await screen.findByTestId("otp-message")).textContent).toBe("Codice scaduto: richiedine uno nuovo");
    expect((screen.getByRole("button", { name: "Verifica" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("button", { name: "Invia un nuovo codice" })).toBeTruthy();
  });

  it("shows the blocked view on the 4th send in an hour (429)", async () => {
    signInAs(makeUser({ hashid: "u1", number_verified_at: null }));
    mockFetch((call) =>
      call.url === "/api/v1/otp/send/u1"
        ? { status: 429, body: { message: "Hai raggiunto il numero massimo di invii: riprova più tardi" } }
        : undefined,
    );
    renderApp("/number/verify");
    fireEvent.click(await screen.findByRole("button", { name: "Invia il codice" }));
    const blocked = await screen.findByTestId("otp-blocked");
    expect(blocked.textContent).toContain("Verifica non completata");
    expect(blocked.textContent).toContain("Hai raggiunto il numero massimo di invii");
    expect(screen.queryByRole("button", { name: /Invia/ })).toBeNull();
  });

  it("asks for an Italian number when there is none, and saves it on the personal record", async () => {
    const base = makeUser({ hashid: "u1", number_verified_at: null });
    const user = { ...base, anagrafica: base.anagrafica ? { ...base.anagrafica, tel_number: null } : null };
    signInAs(user);
    const { calls } = mockFetch((call) =>
      call.url === "/api/v1/users/anagraphic/update" && call.method === "PUT"
        ? {
            status: 200,
            body: { data: { ...user, anagrafica: { ...user.anagrafica, tel_number: "3331234567" } } },
          }
        : undefined,
    );
    renderApp("/number/verify");
    const input = await screen.findByLabelText("Numero di cellulare");
    fireEvent.change(input, { target: { value: "+0039 333 1234567" } });
    expect((input as HTMLInputElement).value).toBe("00393331234567");
    fireEvent.click(screen.getByRole("button", { name: "Salva il numero" }));
    expect(await screen.findByText(/non può iniziare con 0 o 00/)).toBeTruthy();
    fireEvent.change(input, { target: { value: "333 123 4567" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva il numero" }));
    expect(await screen.findByRole("button", { name: "Invia il codice" })).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/v1/users/anagraphic/update")?.body).toMatchObject({
      name: "Mario",
      surname: "Rossi",
      prefix: "+39",
      tel_number: "3331234567",
    });
  });
});
