import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../test/helpers.tsx";
import { AppProviders, createQueryClient } from "../providers.tsx";
import { AppFooter } from "./AppFooter.tsx";
import { AppHeader } from "./AppHeader.tsx";

/** The public header and footer as the back office's settings (utilities/settings) make them. */
function renderShellParts(settings: Record<string, unknown> | null) {
  const { calls } = mockFetch((call) =>
    call.url.startsWith("/api/v1/utilities/settings") && settings
      ? { status: 200, body: { data: settings } }
      : undefined,
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <AppHeader homeTo="/" />
        <AppFooter />
      </MemoryRouter>
    </AppProviders>,
  );
  return calls;
}

const settingsRead = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith("/api/v1/utilities/settings")).length;

describe("the header and footer with the back office's settings", () => {
  it("hide the call-us button when feature.call_us is off, and show the brand texts written there", async () => {
    const calls = renderShellParts({
      "feature.call_us": false,
      "brand.name": "Salute Vicina",
      "brand.tagline": "La tua salute, sotto casa",
      "brand.footer": "Servizio della Regione di prova",
    });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Assistenza" })).toBeNull());
    const banner = screen.getByRole("banner");
    expect(banner.textContent).toContain("Salute Vicina");
    expect(banner.textContent).toContain("La tua salute, sotto casa");
    const footer = screen.getByRole("contentinfo");
    expect(footer.textContent).toContain("Salute Vicina");
    expect(footer.textContent).toContain("Servizio della Regione di prova");
    // Header and footer share one read of the settings.
    expect(settingsRead(calls)).toBe(1);
  });

  it("keep the call-us button and the build's brand while the settings are the built-in ones", async () => {
    const calls = renderShellParts({
      "feature.call_us": true,
      "brand.name": "Cura",
      "brand.tagline": "Prenotazioni e cura, in un solo posto",
      "brand.footer": "",
    });
    await waitFor(() => expect(settingsRead(calls)).toBe(1));
    expect(await screen.findByRole("button", { name: "Assistenza" })).toBeTruthy();
    // The build's own tagline (app/brand.ts, the locale), not the setting's built-in default.
    expect(screen.getByRole("banner").textContent).toContain("Prenotazioni e servizi per la salute");
    expect(screen.queryByText("Prenotazioni e cura, in un solo posto")).toBeNull();
  });

  it("keep the call-us button when the settings cannot be read", async () => {
    renderShellParts(null);
    expect(await screen.findByRole("button", { name: "Assistenza" })).toBeTruthy();
  });
});
