import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";
import { bookingOperator, paged } from "../test-data.ts";

describe("report section", () => {
  it("asks for both dates, then downloads the XLS of the filter under its name", async () => {
    signInAs(bookingOperator());
    const createObjectURL = vi.fn(() => "blob:report");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith("/api/v1/companies/own/healthservices")) return { status: 200, body: paged([]) };
      if (call.url === "/api/v1/reservations/company/massive/report") return { status: 200, body: "xlsx" };
      return undefined;
    });
    renderApp("/operatore/prenotazioni/report");
    const download = await screen.findByRole("button", { name: "Scarica il report XLS" });
    expect((download as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Dal giorno"), { target: { value: "2030-03-01" } });
    fireEvent.change(screen.getByLabelText("Al giorno"), { target: { value: "2030-03-31" } });
    fireEvent.click(download);
    expect(await screen.findByText("Report scaricato.")).toBeTruthy();
    const sent = calls.find((c) => c.url.endsWith("massive/report"));
    expect(sent?.method).toBe("POST");
    expect(sent?.body).toEqual({ from: "2030-03-01", to: "2030-03-31" });
    await waitFor(() => expect(clicked).toEqual(["prenotazioni_2030-03-01_2030-03-31.xlsx"]));
  });
});
