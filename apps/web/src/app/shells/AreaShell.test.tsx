import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeUser, mockFetch, renderApp, signInAs } from "../../test/helpers.tsx";

describe("signed-in shell", () => {
  it("greets the user, shows the home reminders, and logs out after confirmation", async () => {
    // Verified phone and e-mail (else the post-login gate sends the user to verify them first).
    signInAs(makeUser({ anagrafica: null, username: "mrossi" }));
    window.localStorage.setItem("lang", "it");
    const { calls } = mockFetch((call) =>
      call.url.startsWith("/api/v1/users/logout") ? { status: 200, body: { data: null } } : undefined,
    );
    const { router } = renderApp("/");

    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading.textContent).toMatch(/^(Buongiorno|Buon pomeriggio|Buonasera), mrossi$/);
    expect(router.state.location.pathname).toBe("/cittadino/home");
    const reminders = screen.getAllByTestId("home-alert");
    expect(reminders).toHaveLength(1);
    expect(
      within(reminders[0] as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/cittadino/profilo");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Esci" }));
    const dialog = await screen.findByRole("dialog", { name: "Confermi di voler uscire dall'area privata?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "No, annulla" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(window.localStorage.getItem("token")).not.toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Esci" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Sì, esci" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(calls.some((c) => c.url === "/api/v1/users/logout?client=web" && c.method === "GET")).toBe(true);
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(window.localStorage.getItem("user")).toBeNull();
    expect(window.localStorage.getItem("lang")).toBe("it");
  });

  it("switches the language from the header", async () => {
    signInAs(makeUser({ type: 2, hashid: "adm", anagrafica: null }));
    mockFetch();
    renderApp("/admin/home");
    await screen.findByRole("heading", { level: 1 });
    const group = screen.getByRole("group", { name: "Lingua" });
    fireEvent.click(within(group).getByRole("button", { name: /English/ }));
    expect(await screen.findByRole("button", { name: "Log out" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("en");
    expect(window.localStorage.getItem("lang")).toBe("en");
    // Administrators are exempt from the personal-data reminder.
    expect(screen.queryByTestId("home-alert")).toBeNull();
    fireEvent.click(within(screen.getByRole("group", { name: "Language" })).getByRole("button", { name: /Italiano/ }));
    expect(await screen.findByRole("button", { name: "Esci" })).toBeTruthy();
  });

  it("collapses the menu behind a toggle button", async () => {
    signInAs(makeUser());
    mockFetch();
    renderApp("/cittadino/home");
    const toggle = await screen.findByRole("button", { name: "Apri il menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.getAttribute("aria-controls")).toBe("cura-sidebar");
    fireEvent.click(toggle);
    expect(screen.getByRole("button", { name: "Chiudi il menu" }).getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById("cura-sidebar")?.className).toContain("d-block");
  });

  it("refreshes the stored user from users/fresh/me and signs out on a plain 401", async () => {
    signInAs(makeUser());
    mockFetch((call) =>
      call.url === "/api/v1/users/fresh/me" ? { status: 401, body: { message: "Accesso richiesto" } } : undefined,
    );
    const { router } = renderApp("/cittadino/home");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(window.localStorage.getItem("user")).toBeNull();
  });
});
