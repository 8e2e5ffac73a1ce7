import { act, fireEvent, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { RootLayout } from "../../app/RootLayout.tsx";
import { AlertCentre, type AlertKind, AlertProvider, useAlerts } from "./index.ts";

function Trigger({ kind, message }: { kind: AlertKind; message: string }) {
  const alerts = useAlerts();
  // biome-ignore lint/correctness/useExhaustiveDependencies: show once, on mount
  useEffect(() => {
    alerts.show(kind, message);
  }, []);
  return null;
}

function renderAlerts(items: { kind: AlertKind; message: string }[]) {
  return render(
    <AlertProvider>
      {items.map((item) => (
        <Trigger key={item.message} {...item} />
      ))}
      <AlertCentre />
    </AlertProvider>,
  );
}

describe("alert centre (spec 000 §4)", () => {
  it("clears success and warning after 5 s, errors after 10 s, and keeps info", () => {
    vi.useFakeTimers();
    renderAlerts([
      { kind: "success", message: "Salvato" },
      { kind: "warning", message: "Attenzione" },
      { kind: "error", message: "Errore" },
      { kind: "info", message: "Informazione" },
    ]);
    expect(screen.getByText("Salvato")).toBeTruthy();
    expect(screen.getAllByRole("alert")).toHaveLength(2); // warning and error interrupt
    expect(screen.getAllByRole("status")).toHaveLength(2); // success and info wait

    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.queryByText("Salvato")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Salvato")).toBeNull();
    expect(screen.queryByText("Attenzione")).toBeNull();
    expect(screen.queryByText("Errore")).not.toBeNull();

    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByText("Errore")).toBeNull();

    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText("Informazione")).not.toBeNull();
  });

  it("closes an alert with its close button", () => {
    renderAlerts([{ kind: "info", message: "Da chiudere" }]);
    fireEvent.click(screen.getByRole("button", { name: "Chiudi l'avviso" }));
    expect(screen.queryByText("Da chiudere")).toBeNull();
  });
});

describe("alerts and navigation", () => {
  it("clears the shown alerts on a route change, and keeps one the new page shows on arrival", async () => {
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <RootLayout />
              <AlertCentre />
            </>
          ),
          children: [
            {
              path: "/help",
              element: (
                <>
                  <Trigger kind="info" message="Prima pagina" />
                  <Link to="/dev/outbox">Avanti</Link>
                </>
              ),
            },
            // A key, so React mounts a new Trigger instead of reusing the first page's.
            { path: "/dev/outbox", element: <Trigger key="second" kind="info" message="Seconda pagina" /> },
          ],
        },
      ],
      { initialEntries: ["/help"] },
    );
    render(
      <AlertProvider>
        <RouterProvider router={router} />
      </AlertProvider>,
    );
    expect(await screen.findByText("Prima pagina")).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Avanti" }));
    expect(await screen.findByText("Seconda pagina")).toBeTruthy();
    expect(screen.queryByText("Prima pagina")).toBeNull();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
