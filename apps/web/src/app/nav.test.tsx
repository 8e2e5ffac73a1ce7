import { COMPANY_LEVELS, OPERATOR_PERMISSIONS, type TUser } from "@cura/domain";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { makeUser } from "../test/helpers.tsx";
import { AREAS } from "./areas/index.ts";
import { hasReducedNavigation, type NavRoute, navEntriesFor } from "./nav.ts";
import { Sidebar } from "./shells/Sidebar.tsx";

const ALL_PERMISSIONS = Object.values(OPERATOR_PERMISSIONS);

function operatorOf(level: number, refs: number[], permessi: string[] = ALL_PERMISSIONS): TUser {
  return makeUser({
    type: 1,
    permessi,
    company: {
      hashid: "c1",
      name: level === COMPANY_LEVELS.monitoringRoom ? "Centrale" : "Farmacia",
      level,
      active_services: refs.map((ref) => ({ hashid: `s${ref}`, name: `Servizio ${ref}`, position_ref: ref })),
      bancaDati: [],
    },
  });
}

// Entries as the features declare them: by service ref and permission strings, not per page.
const routes: NavRoute[] = [
  { path: "home", nav: { label: "nav.dashboard", icon: "it-pa" } },
  { path: "agenda", nav: { label: "nav.dashboard", icon: "it-calendar", service: 5 } },
  { path: "pazienti", nav: { label: "nav.dashboard", icon: "it-user", service: 4 } },
  { path: "teleconsulto/rapido", nav: { label: "nav.dashboard", icon: "it-video", service: 10 } },
  {
    path: "attivita/raccolte",
    nav: {
      label: "nav.dashboard",
      icon: "it-list",
      permissions: [OPERATOR_PERMISSIONS.manageActivities, OPERATOR_PERMISSIONS.administerSurveys],
    },
  },
  { path: "bancadati", nav: { label: "nav.library", icon: "it-box" } },
  { path: "centriErogatori", nav: { label: "nav.providerCentres", icon: "it-pa" } },
  { path: "ricerca", nav: { label: "nav.operatorSearch", icon: "it-search" } },
];
const paths = (user: TUser, table: readonly NavRoute[] = routes) =>
  navEntriesFor("/operatore", table, user).map((e) => e.to.replace("/operatore/", ""));

describe("menu rules (spec 002 §2)", () => {
  it("shows a service entry only when its ref is among the company's active services", () => {
    expect(paths(operatorOf(1, [4]))).toContain("pazienti");
    expect(paths(operatorOf(1, [4]))).not.toContain("agenda");
    expect(paths(operatorOf(1, [4, 5, 10]))).toEqual(
      expect.arrayContaining(["agenda", "pazienti", "teleconsulto/rapido"]),
    );
  });

  it("shows a permission entry with any of its permission strings", () => {
    expect(paths(operatorOf(1, [], []))).not.toContain("attivita/raccolte");
    expect(paths(operatorOf(1, [], [OPERATOR_PERMISSIONS.administerSurveys]))).toContain("attivita/raccolte");
  });

  it("gives a monitoring room (level 5) the reduced navigation, service entries by their refs", () => {
    const room = operatorOf(COMPANY_LEVELS.monitoringRoom, [5, 10]);
    expect(hasReducedNavigation(room)).toBe(true);
    expect(paths(room)).toEqual(["home", "agenda", "teleconsulto/rapido", "centriErogatori", "ricerca"]);
    // The first-level company keeps every entry its rules allow.
    expect(hasReducedNavigation(operatorOf(1, []))).toBe(false);
    expect(paths(operatorOf(1, [5, 10]))).toEqual([
      "home",
      "agenda",
      "teleconsulto/rapido",
      "attivita/raccolte",
      "bancadati",
      "centriErogatori",
      "ricerca",
    ]);
    // Citizens are never reduced, whatever their profile says.
    expect(hasReducedNavigation(makeUser({ type: 0 }))).toBe(false);
  });

  it("on the real route table: analitiche for level 1 only, centri erogatori for rooms, ricerca for both", () => {
    const first = paths(operatorOf(COMPANY_LEVELS.firstLevel, [1]), AREAS.operatore.pages);
    expect(first).toEqual(expect.arrayContaining(["analitiche", "ricerca", "bancadati", "archivio"]));
    expect(first).not.toContain("centriErogatori");
    const room = paths(operatorOf(COMPANY_LEVELS.monitoringRoom, [8]), AREAS.operatore.pages);
    expect(room).toEqual(expect.arrayContaining(["home", "centriErogatori", "ricerca", "profilo", "impostazioni"]));
    expect(room).not.toContain("analitiche");
    expect(room).not.toContain("bancadati");
    expect(room).not.toContain("archivio");
  });

  it("renders the room's reduced menu in the sidebar", () => {
    const room = operatorOf(COMPANY_LEVELS.monitoringRoom, []);
    render(
      <MemoryRouter initialEntries={["/operatore/home"]}>
        <Sidebar
          id="menu"
          label="Menu"
          entries={navEntriesFor("/operatore", AREAS.operatore.pages, room)}
          open={false}
        />
      </MemoryRouter>,
    );
    const nav = screen.getByRole("navigation", { name: "Menu" });
    expect(within(nav).getByRole("link", { name: "Monitoraggio" })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Centri erogatori" }).getAttribute("href")).toBe(
      "/operatore/centriErogatori",
    );
    expect(within(nav).queryByRole("link", { name: "Analitiche" })).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Banca dati" })).toBeNull();
  });
});
