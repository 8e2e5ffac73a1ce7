import { act, render, screen } from "@testing-library/react";
import { Link, MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import "../lib/i18n.ts";
import { AppRoutes } from "./AppRoutes.tsx";

function Broken(): never {
  throw new Error("a page that fails to render");
}

describe("AppRoutes", () => {
  it("shows the error page for a page that fails to render, and the next path renders again", async () => {
    // React reports the caught error on the console: expected here.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={["/rotta"]}>
        <AppRoutes
          routes={[
            { path: "/rotta", element: <Broken /> },
            { path: "/sana", element: <h1>Pagina sana</h1> },
          ]}
        />
        <Link to="/sana">Vai alla pagina sana</Link>
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Si è verificato un errore" })).toBeTruthy();
    await act(async () => screen.getByRole("link", { name: "Vai alla pagina sana" }).click());
    expect(await screen.findByRole("heading", { level: 1, name: "Pagina sana" })).toBeTruthy();
    quiet.mockRestore();
  });
});
