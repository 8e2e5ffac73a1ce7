import { ADMIN_USERS_MESSAGES } from "@cura/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp } from "../../../test/helpers.tsx";

describe("public contact form", () => {
  it("checks the fields with the server's schema, then sends; a 429 shows above the button", async () => {
    let throttle = false;
    const { calls } = mockFetch((call) => {
      if (call.url === "/api/v1/utilities/contatti") {
        return throttle
          ? { status: 429, body: { message: ADMIN_USERS_MESSAGES.contactTooMany } }
          : { status: 201, body: { message: ADMIN_USERS_MESSAGES.contactSent } };
      }
      return undefined;
    });
    renderApp("/contatti");
    const send = await screen.findByRole("button", { name: "Invia" });
    fireEvent.click(send);
    expect(await screen.findByText(ADMIN_USERS_MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.getByText(ADMIN_USERS_MESSAGES.privacyRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(screen.getByLabelText("Nome e cognome"), { target: { value: "Anna Verdi" } });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "anna@example.org" } });
    fireEvent.change(screen.getByLabelText("Telefono (facoltativo)"), { target: { value: "333 1234567" } });
    fireEvent.change(screen.getByLabelText("Messaggio"), { target: { value: "Vorrei informazioni" } });
    fireEvent.click(screen.getByLabelText(/Ho letto l'informativa sulla privacy/));
    fireEvent.click(send);
    expect(await screen.findByText(ADMIN_USERS_MESSAGES.contactSent)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Anna Verdi",
      email: "anna@example.org",
      phone: "3331234567",
      message: "Vorrei informazioni",
      privacy: true,
    });

    throttle = true;
    fireEvent.change(screen.getByLabelText("Nome e cognome"), { target: { value: "Anna Verdi" } });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "anna@example.org" } });
    fireEvent.change(screen.getByLabelText("Messaggio"), { target: { value: "Ancora" } });
    fireEvent.click(screen.getByLabelText(/Ho letto l'informativa sulla privacy/));
    fireEvent.click(send);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(ADMIN_USERS_MESSAGES.contactTooMany));
  });
});
