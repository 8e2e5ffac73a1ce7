import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { bookingOperator, operatorBooking, paged } from "../test-data.ts";

const bookings = [
  operatorBooking({ hashid: "b1", code: "PR-AAAA-0001" }),
  operatorBooking({ hashid: "b2", code: "PR-AAAA-0002", status: "confermato", awaiting: null }),
  operatorBooking({ hashid: "b3", code: "PR-AAAA-0003", status: "evaso", awaiting: null }),
];

describe("bulk tools (strumenti)", () => {
  it("selects bookings one by one or by page, and refuses the selection only with a reason", async () => {
    signInAs(bookingOperator());
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/reservations/company/own")) return { status: 200, body: paged(bookings) };
      if (call.url.startsWith("/api/v1/companies/own/healthservices"))
        return { status: 200, body: paged([{ hashid: "h1", name: "Misurazione pressione" }]) };
      if (call.url === "/api/v1/reservations/company/massive/reject")
        return {
          status: 200,
          body: {
            data: { matched: 2, changed: 1, skipped: 1, changed_ids: ["b1"], skipped_ids: ["b3"] },
            message: "Operazione completata",
          },
        };
      return undefined;
    });
    renderApp("/operatore/prenotazioni/strumenti");
    expect(await screen.findByRole("heading", { level: 2, name: "Strumenti" })).toBeTruthy();
    const rejectSelected = screen.getByRole("button", { name: "Rifiuta le selezionate" });
    expect((rejectSelected as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(await screen.findByLabelText("Seleziona PR-AAAA-0001 di Rossi Maria"));
    fireEvent.click(screen.getByLabelText("Seleziona PR-AAAA-0003 di Rossi Maria"));
    expect(screen.getByTestId("selected-count").textContent).toBe("2 selezionate");

    // The page checkbox selects all, then clears all.
    const page = screen.getByLabelText("Seleziona tutte le prenotazioni della pagina");
    fireEvent.click(page);
    expect(screen.getByTestId("selected-count").textContent).toBe("3 selezionate");
    fireEvent.click(page);
    expect(screen.getByTestId("selected-count").textContent).toBe("0 selezionate");
    fireEvent.click(screen.getByLabelText("Seleziona PR-AAAA-0001 di Rossi Maria"));
    fireEvent.click(screen.getByLabelText("Seleziona PR-AAAA-0003 di Rossi Maria"));

    // The filter actions need both dates.
    expect((screen.getByRole("button", { name: "Chiudi tutte quelle del filtro" }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.click(rejectSelected);
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));
    expect(await within(dialog).findByText("Scegli il motivo")).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith("massive/reject"))).toBe(false);

    fireEvent.click(within(dialog).getByLabelText("Problemi di approvvigionamento"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));
    expect(await screen.findByTestId("bulk-outcome")).toBeTruthy();
    expect(screen.getByTestId("bulk-outcome").textContent).toContain("1 modificate, 1 saltate");
    const sent = calls.find((c) => c.url.endsWith("massive/reject"));
    expect(sent?.method).toBe("POST");
    expect(sent?.body).toEqual({ ids: ["b1", "b3"], reason: 2 });
    await waitFor(() => expect(screen.getByTestId("selected-count").textContent).toBe("0 selezionate"));
  });

  it("closes every booking of a date filter after confirmation", async () => {
    signInAs(bookingOperator());
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/reservations/company/own")) return { status: 200, body: paged(bookings) };
      if (call.url.startsWith("/api/v1/companies/own/healthservices")) return { status: 200, body: paged([]) };
      if (call.url === "/api/v1/reservations/company/massive/close")
        return {
          status: 200,
          body: { data: { matched: 3, changed: 1, skipped: 2, changed_ids: ["b2"], skipped_ids: [] }, message: "ok" },
        };
      return undefined;
    });
    renderApp("/operatore/prenotazioni/strumenti");
    fireEvent.change(await screen.findByLabelText("Dal giorno"), { target: { value: "2030-03-04" } });
    fireEvent.change(screen.getByLabelText("Al giorno"), { target: { value: "2030-03-05" } });
    fireEvent.change(screen.getByLabelText("Stato"), { target: { value: "confermato" } });
    fireEvent.click(screen.getByRole("button", { name: "Chiudi tutte quelle del filtro" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì, chiudi" }));
    expect(await screen.findByTestId("bulk-outcome")).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("massive/close"))?.body).toEqual({
      from: "2030-03-04",
      to: "2030-03-05",
      status: "confermato",
    });
  });
});
