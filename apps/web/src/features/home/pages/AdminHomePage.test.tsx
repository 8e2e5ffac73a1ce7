import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../../test/helpers.tsx";

const admin = makeUser({ type: 2, hashid: "ad1", anagrafica: null });

describe("administrator's dashboard (issue 16, defect 10)", () => {
  it("says plainly what the administrator can do now, with links that lead to real pages", async () => {
    signInAs(admin);
    mockFetch();
    const { router } = renderApp("/admin/home");
    const card = await screen.findByRole("region", { name: "Cosa puoi fare ora" });
    expect(card.textContent).toContain("in preparazione");
    const links = within(card).getAllByRole("link");
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.getAttribute("href")).toBe("/admin/profilo");
    // Still the platform's name and version.
    expect(screen.getByText("Versione della piattaforma")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/home"));
  });

  it("has no menu entry that leads to 'Pagina non trovata'", async () => {
    signInAs(admin);
    mockFetch();
    const { router } = renderApp("/admin/home");
    const menu = await screen.findByRole("navigation", { name: /^Menu/ });
    const targets = within(menu)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href") ?? "");
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      await router.navigate(target);
      await waitFor(() => expect(document.querySelector("main h1")).not.toBeNull());
      expect(screen.queryByRole("heading", { level: 1, name: "Pagina non trovata" })).toBeNull();
    }
  });
});
