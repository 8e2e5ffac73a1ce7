import { OPERATOR_REFUSED_CODE } from "@cura/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { session } from "../../../lib/session.ts";
import { makeUser, mockFetch, renderApp } from "../../../test/helpers.tsx";

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText("E-mail o nome utente"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
}

describe("login page", () => {
  it("signs in, stores token and user, and opens the user's home", async () => {
    const user = makeUser({ type: 1, hashid: "op1" });
    const { calls } = mockFetch((call) =>
      call.url === "/api/v1/users/login"
        ? { status: 200, body: { data: { token: "tok-abcdefghijklmnop", user } } }
        : undefined,
    );
    const { router } = renderApp("/login");
    await fillAndSubmit("mario.rossi@example.com", "Segreta!123");
    await waitFor(() => expect(router.state.location.pathname).toBe("/operatore/home"));
    expect(calls.find((c) => c.url === "/api/v1/users/login")?.body).toEqual({
      email: "mario.rossi@example.com",
      password: "Segreta!123",
    });
    expect(window.localStorage.getItem("token")).toBe("tok-abcdefghijklmnop");
    expect(JSON.parse(window.localStorage.getItem("user") ?? "null")).toMatchObject({ hashid: "op1" });
    expect(await screen.findByRole("navigation", { name: "Menu dell'Area operatore" })).toBeTruthy();
  });

  it("shows the server's message under the form on 422", async () => {
    mockFetch((call) =>
      call.url === "/api/v1/users/login"
        ? { status: 422, body: { message: "Credenziali errate.", status: false } }
        : undefined,
    );
    const { router } = renderApp("/login");
    await fillAndSubmit("mario", "sbagliata");
    expect((await screen.findByRole("alert")).textContent).toBe("Credenziali errate.");
    expect(router.state.location.pathname).toBe("/login");
    expect(session.get().user).toBeNull();
  });

  it("goes to the disabled page on 401", async () => {
    mockFetch((call) =>
      call.url === "/api/v1/users/login" ? { status: 401, body: { message: "Utenza disabilitata" } } : undefined,
    );
    const { router } = renderApp("/login");
    await fillAndSubmit("mario", "Segreta!123");
    expect(await screen.findByRole("heading", { level: 1, name: "Utenza disabilitata" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/disabled");
  });

  it("says so when the company refused the operator's request to join, instead of the disabled page", async () => {
    const message = "La tua richiesta di accesso come operatore della struttura è stata rifiutata";
    mockFetch((call) =>
      call.url === "/api/v1/users/login" ? { status: 401, body: { message, code: OPERATOR_REFUSED_CODE } } : undefined,
    );
    const { router } = renderApp("/login");
    await fillAndSubmit("mario", "Segreta!123");
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(router.state.location.pathname).toBe("/login");
  });

  it("shows the throttle message on 429", async () => {
    const message = "Troppe richieste errate. Richiedi il recupero password oppure contatta l'assistenza";
    mockFetch((call) => (call.url === "/api/v1/users/login" ? { status: 429, body: { message } } : undefined));
    renderApp("/login");
    await fillAndSubmit("mario", "Segreta!123");
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });

  it("asks for both fields before calling the server", async () => {
    const { calls } = mockFetch();
    renderApp("/login");
    fireEvent.click(await screen.findByRole("button", { name: "Accedi" }));
    expect(await screen.findByText("Inserisci e-mail o nome utente")).toBeTruthy();
    expect(screen.getByText("Inserisci la password")).toBeTruthy();
    expect(calls.some((c) => c.url.includes("users/login"))).toBe(false);
  });

  it("shows and hides the password", async () => {
    mockFetch();
    renderApp("/login");
    const password = await screen.findByLabelText("Password");
    expect(password.getAttribute("type")).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Mostra password" }));
    expect(password.getAttribute("type")).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Nascondi password" }));
    expect(password.getAttribute("type")).toBe("password");
  });
});
