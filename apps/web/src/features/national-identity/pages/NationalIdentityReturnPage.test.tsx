import { DELAYS_MS, NATIONAL_IDENTITY_MESSAGES } from "@cura/domain";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../../app/providers.tsx";
import { session } from "../../../lib/session.ts";
import { makeUser, mockFetch } from "../../../test/helpers.tsx";
import { NationalIdentityButtons } from "../components/NationalIdentityButtons.tsx";
import { NationalIdentityReturnPage } from "./NationalIdentityReturnPage.tsx";

const identity = {
  name: "Luca",
  surname: "Ferrari",
  email: "luca.ferrari@example.it",
  cf: "FRRLCU80A01H501K",
  gender: "maschile",
  birthday: "1980-01-01",
};

/** The page at /login/spid with the few places it goes to (the app's route table is not wired yet). */
function renderReturn(search: string) {
  const router = createMemoryRouter(
    [
      { path: "/login/spid", element: <NationalIdentityReturnPage provider="spid" /> },
      { path: "/login", element: <p>pagina di accesso</p> },
      { path: "/", element: <p>home</p> },
      { path: "/disabled", element: <p>disabilitato</p> },
      { path: "/email/verify/invalid", element: <p>verifica e-mail</p> },
    ],
    { initialEntries: [`/login/spid${search}`] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const geography = (url: string) => {
  if (url === "/api/v1/utilities/regioni") return { status: 200, body: { data: [{ regione: "Lazio", istat: "12" }] } };
  if (url === "/api/v1/utilities/province/by/Lazio") {
    return { status: 200, body: { data: [{ provincia: "Roma", sigla: "RM", regione: "Lazio", istat: "058" }] } };
  }
  if (url === "/api/v1/utilities/comuni/by/provincia/RM") {
    const roma = { comune: "Roma", provincia: "Roma", sigla: "RM", regione: "Lazio", codice_catastale: "H501" };
    return { status: 200, body: { data: [{ ...roma, cap: ["00118", "00184"], istat: "058091", soppresso: false }] } };
  }
  if (url === "/api/v1/utilities/prefissi") return { status: 200, body: { data: [] } };
  return undefined;
};

describe("the SPID/CIE return page", () => {
  const renderButtons = () => {
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    render(
      <AppProviders queryClient={queryClient}>
        <NationalIdentityButtons />
      </AppProviders>,
    );
  };

  it("links the buttons to the start of each flow", () => {
    mockFetch();
    renderButtons();
    expect(screen.getByRole("link", { name: "Entra con SPID" }).getAttribute("href")).toBe("/api/v1/auth/spid/start");
    expect(screen.getByRole("link", { name: "Entra con CIE" }).getAttribute("href")).toBe("/api/v1/auth/cie/start");
  });

  it("leaves out a provider the back office turned off", async () => {
    mockFetch(({ url }) =>
      url === "/api/v1/utilities/settings"
        ? { status: 200, body: { data: { "feature.spid": false, "feature.cie": true } } }
        : undefined,
    );
    renderButtons();
    await waitFor(() => expect(screen.queryByRole("link", { name: "Entra con SPID" })).toBeNull());
    expect(screen.getByRole("link", { name: "Entra con CIE" })).toBeTruthy();
  });

  it("shows the provider's error and goes to the login page after 5 seconds", async () => {
    // Fake time that still flows, so that the queries' own waiting works.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    mockFetch();
    const router = renderReturn(`?error=${encodeURIComponent(NATIONAL_IDENTITY_MESSAGES.cancelled)}`);
    expect((await screen.findByTestId("national-identity-return-error")).textContent).toBe("Accesso annullato.");
    act(() => vi.advanceTimersByTime(DELAYS_MS.spidErrorRedirect - 100));
    expect(router.state.location.pathname).toBe("/login/spid");
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("shows only the API's own messages: a crafted one becomes the generic failure", async () => {
    mockFetch();
    renderReturn(`?error=${encodeURIComponent("Chiama subito il numero 899 000 000")}`);
    expect((await screen.findByTestId("national-identity-return-error")).textContent).toBe(
      NATIONAL_IDENTITY_MESSAGES.failed,
    );
  });

  it("signs in an identity with an account and goes home", async () => {
    const user = makeUser();
    const { calls } = mockFetch((call) =>
      call.url === "/api/v1/spid/verify"
        ? { status: 200, body: { data: { token: "session-token-123456", user } } }
        : undefined,
    );
    const router = renderReturn("?token=v1.abc");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(calls.find((c) => c.url === "/api/v1/spid/verify")?.body).toEqual({ token: "v1.abc" });
    expect(session.get().token).toBe("session-token-123456");
  });

  it("pre-fills the completion form from a 404, goes step by step, and registers", async () => {
    const user = makeUser({ email: "luca@example.it", email_verified_at: null });
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/spid/verify") {
        return { status: 404, body: { message: NATIONAL_IDENTITY_MESSAGES.noAccount, data: identity } };
      }
      if (call.url === "/api/v1/users/registerBySpid") {
        return { status: 201, body: { data: { token: "new-session-token-1234", user } } };
      }
      return geography(call.url);
    });
    const router = renderReturn("?token=v1.abc");

    expect(await screen.findByRole("heading", { level: 1, name: "Completa la registrazione" })).toBeTruthy();
    const data = screen.getByTestId("national-identity-data").textContent;
    for (const text of ["Luca", "Ferrari", "FRRLCU80A01H501K", "Maschile", "01/01/1980"]) expect(data).toContain(text);
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("luca.ferrari@example.it");

    // Step 1 does not move on while its fields are missing.
    fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
    expect((await screen.findAllByText("Campo obbligatorio")).length).toBeGreaterThan(0);

    await waitFor(() => expect(screen.getByRole("option", { name: "Lazio" })).toBeTruthy());
    fireEvent.change(screen.getByLabelText("Regione"), { target: { value: "Lazio" } });
    await waitFor(() => expect(screen.getByRole("option", { name: "Roma (RM)" })).toBeTruthy());
    fireEvent.change(screen.getByLabelText("Provincia"), { target: { value: "RM" } });
    await waitFor(() => expect(screen.getByRole("option", { name: "Roma" })).toBeTruthy());
    fireEvent.change(screen.getByLabelText("Comune"), { target: { value: "Roma" } });
    await waitFor(() => expect((screen.getByLabelText("CAP") as HTMLInputElement).value).toBe("00118"));
    fireEvent.change(screen.getByLabelText("Indirizzo"), { target: { value: "Via Nazionale 10" } });
    fireEvent.change(screen.getByLabelText(/Numero di cellulare/), { target: { value: "347-123 4567" } });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "luca@example.it" } });
    fireEvent.click(screen.getByRole("button", { name: "Avanti" }));

    expect(await screen.findByRole("heading", { level: 2, name: "Consensi" })).toBeTruthy();
    for (const label of [
      "Accetto i termini e le condizioni del servizio",
      /Acconsento al trattamento/,
      /Acconsento alla condivisione/,
      /articoli 2, 7, 8, 10 e 12/,
    ]) {
      fireEvent.click(screen.getByLabelText(label));
    }
    expect((screen.getByLabelText(/comunicazioni promozionali/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Completa la registrazione" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/email/verify/invalid"));
    expect(calls.find((c) => c.url === "/api/v1/users/registerBySpid")?.body).toEqual({
      email: "luca@example.it",
      type: 0,
      project: "nessuno",
      token: "v1.abc",
      anagrafica: {
        name: "Luca",
        surname: "Ferrari",
        cf: "FRRLCU80A01H501K",
        gender: "maschile",
        birthday: "1980-01-01",
        regione: "Lazio",
        provincia: "RM",
        comune: "Roma",
        address: "Via Nazionale 10",
        cap: "00118",
        prefix: "+39",
        tel_number: "3471234567",
        estero: false,
      },
      data_consense: true,
      share_consense: true,
      charge_consense: true,
      articles_consense: true,
      notification_consense: true,
      marketing_consense: true,
    });
    expect(session.get().token).toBe("new-session-token-1234");
  });

  it("shows the server's message for anagrafica.cf first (spec 000 §8)", async () => {
    mockFetch((call) => {
      if (call.url === "/api/v1/spid/verify") return { status: 404, body: { message: "x", data: identity } };
      if (call.url === "/api/v1/users/registerBySpid") {
        return {
          status: 422,
          body: {
            message: "Indirizzo e-mail già registrato",
            errors: {
              email: ["Indirizzo e-mail già registrato"],
              "anagrafica.cf": [NATIONAL_IDENTITY_MESSAGES.taxCodeMismatch],
            },
          },
        };
      }
      return geography(call.url);
    });
    renderReturn("?token=v1.abc");
    await screen.findByRole("heading", { level: 1, name: "Completa la registrazione" });
    await waitFor(() => expect(screen.getByRole("option", { name: "Lazio" })).toBeTruthy());
    fireEvent.change(screen.getByLabelText("Regione"), { target: { value: "Lazio" } });
    await waitFor(() => expect(screen.getByRole("option", { name: "Roma (RM)" })).toBeTruthy());
    fireEvent.change(screen.getByLabelText("Provincia"), { target: { value: "RM" } });
    await waitFor(() => expect(screen.getByRole("option", { name: "Roma" })).toBeTruthy());
    fireEvent.change(screen.getByLabelText("Comune"), { target: { value: "Roma" } });
    await waitFor(() => expect((screen.getByLabelText("CAP") as HTMLInputElement).value).toBe("00118"));
    fireEvent.change(screen.getByLabelText("Indirizzo"), { target: { value: "Via Nazionale 10" } });
    fireEvent.change(screen.getByLabelText(/Numero di cellulare/), { target: { value: "3471234567" } });
    fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
    await screen.findByRole("heading", { level: 2, name: "Consensi" });
    for (const label of [/termini e le condizioni del servizio/, /trattamento/, /condivisione/, /articoli/]) {
      fireEvent.click(screen.getByLabelText(label));
    }
    fireEvent.click(screen.getByRole("button", { name: "Completa la registrazione" }));
    expect((await screen.findByTestId("national-identity-error")).textContent).toBe(
      NATIONAL_IDENTITY_MESSAGES.taxCodeMismatch,
    );
    // The e-mail problem is on step 1: the form goes back there, with the message under the field.
    expect(await screen.findByText("Indirizzo e-mail già registrato")).toBeTruthy();
  });
});
