import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp } from "../../../test/helpers.tsx";

const answers = (call: { url: string }) => {
  if (call.url === "/api/v1/users/password/forget") return { status: 200, body: { message: "mail_inviata" } };
  if (call.url === "/api/v1/users/password/forget/cf") return { status: 200, body: { message: "Messaggio inviato" } };
  return undefined;
};

describe("password recovery (spec 000 §2.8, §4)", () => {
  it("switches mode 1 → 2 → 3, resetting the sent state, and offers support after mode 3", async () => {
    const { calls } = mockFetch(answers);
    renderApp("/password/recovery?email=anna%40example.it");
    expect(await screen.findByRole("heading", { level: 2, name: "Ricevi il link per e-mail" })).toBeTruthy();
    const email = screen.getByLabelText("Indirizzo e-mail") as HTMLInputElement;
    expect(email.value).toBe("anna@example.it");
    fireEvent.click(screen.getByRole("button", { name: "Invia" }));
    expect((await screen.findByTestId("recovery-sent")).textContent).toBe(
      "Ti abbiamo inviato una mail con le istruzioni",
    );
    expect(calls.find((c) => c.url === "/api/v1/users/password/forget")?.body).toEqual({ email: "anna@example.it" });

    // Mode 2: the sent message of mode 1 is gone.
    fireEvent.click(screen.getByRole("button", { name: "Non ricordo la mia e-mail" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Ricevi il link per SMS" })).toBeTruthy();
    expect(screen.queryByTestId("recovery-sent")).toBeNull();
    fireEvent.change(screen.getByLabelText("Codice fiscale"), { target: { value: "RSSMRA80A01H501A" } });
    fireEvent.click(screen.getByRole("button", { name: "Invia" }));
    expect(await screen.findByText("codice fiscale non valido")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Codice fiscale"), { target: { value: "RSSMRA80A01H501U" } });
    fireEvent.click(screen.getByRole("button", { name: "Invia" }));
    expect((await screen.findByTestId("recovery-sent")).textContent).toMatch(/^Messaggio inviato/);
    expect(calls.filter((c) => c.url === "/api/v1/users/password/forget/cf").map((c) => c.body)).toEqual([
      { cf: "RSSMRA80A01H501U" },
    ]);
    expect(screen.queryByTestId("recovery-support")).toBeNull();

    // Mode 3: the reserve phone, then support and the way back to login.
    fireEvent.click(screen.getByRole("button", { name: "Non ho ricevuto e-mail o SMS" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Ricevi il link sul numero di riserva" })).toBeTruthy();
    expect(screen.queryByTestId("recovery-sent")).toBeNull();
    expect((screen.getByLabelText("Codice fiscale") as HTMLInputElement).value).toBe("");
    fireEvent.change(screen.getByLabelText("Codice fiscale"), { target: { value: "RSSMRA80A01H501U" } });
    fireEvent.click(screen.getByRole("button", { name: "Invia" }));
    expect(await screen.findByTestId("recovery-support")).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/v1/users/password/forget/cf").at(-1)?.body).toEqual({
      cf: "RSSMRA80A01H501U",
      second: true,
    });
    expect(screen.getByRole("button", { name: "Contatta l'assistenza" })).toBeTruthy();

    // Back to mode 1, afresh.
    fireEvent.click(screen.getByRole("button", { name: "Recupera la password via e-mail" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Ricevi il link per e-mail" })).toBeTruthy();
    expect(screen.queryByTestId("recovery-sent")).toBeNull();
  });

  it("offers recovery by e-mail in a modal on the login page, enabled only with '@' after the first character", async () => {
    const { calls } = mockFetch(answers);
    renderApp("/login");
    expect(await screen.findByRole("link", { name: "Password dimenticata?" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Registrati" }).getAttribute("href")).toBe("/register");
    fireEvent.click(screen.getByRole("button", { name: "Recupera la password via e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Recupera la password via e-mail" });
    const input = dialog.querySelector("input") as HTMLInputElement;
    const send = () => screen.getByRole("button", { name: "Invia" }) as HTMLButtonElement;
    expect(send().disabled).toBe(true);
    fireEvent.change(input, { target: { value: "@example.it" } });
    expect(send().disabled).toBe(true);
    fireEvent.change(input, { target: { value: "anna@example.it" } });
    expect(send().disabled).toBe(false);
    fireEvent.click(send());
    expect((await screen.findByTestId("recovery-modal-outcome")).textContent).toBe(
      "Ti abbiamo inviato una mail con le istruzioni",
    );
    await waitFor(() => expect(calls.some((c) => c.url === "/api/v1/users/password/forget")).toBe(true));
  });
});
