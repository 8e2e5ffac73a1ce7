import { COMPANY_LEVELS, OPERATOR_PERMISSIONS } from "@cura/domain";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { makeUser } from "../../test/helpers.tsx";
import { AREAS } from "../areas/index.ts";
import {
  activeEntryOf,
  allOf,
  companyLevelIn,
  hasActiveService,
  hasAnyPermission,
  type NavRoute,
  navEntriesFor,
} from "../nav.ts";
import { Sidebar } from "./Sidebar.tsx";

const company = {
  hashid: "c1",
  name: "Farmacia Centrale",
  level: COMPANY_LEVELS.firstLevel,
  active_services: [{ hashid: "s1", name: "Teleconsulto rapido", position_ref: 10 }],
  bancaDati: [],
};

// A route table as later features will write it: entries guarded by the spec's menu rules.
const routes: NavRoute[] = [
  { path: "home", nav: { label: "nav.dashboard", icon: "it-pa" } },
  { path: "no-menu" },
  {
    path: "screening",
    nav: {
      label: "nav.monitoring",
      icon: "it-list",
      visible: hasAnyPermission(OPERATOR_PERMISSIONS.manageActivities, OPERATOR_PERMISSIONS.administerSurveys),
    },
  },
  {
    path: "archivio",
    nav: { label: "areas.admin", icon: "it-folder", visible: companyLevelIn(COMPANY_LEVELS.firstLevel) },
  },
  {
    path: "teleconsulto/pediatrico",
    nav: { label: "areas.operatore", icon: "it-video", visible: allOf(hasActiveService(11)) },
  },
];

function renderSidebar(entries: ReturnType<typeof navEntriesFor>, at = "/operatore/home") {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Sidebar id="menu" label="Menu dell'Area operatore" entries={entries} open={false} />
    </MemoryRouter>,
  );
  return screen.getByRole("navigation", { name: "Menu dell'Area operatore" });
}

describe("sidebar built from the route table", () => {
  it("lists only the entries whose visibility predicate passes", () => {
    const operator = makeUser({ type: 1, company, permessi: [OPERATOR_PERMISSIONS.administerSurveys] });
    const nav = renderSidebar(navEntriesFor("/operatore", routes, operator));
    const links = within(nav).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual([
      "/operatore/home",
      "/operatore/screening",
      "/operatore/archivio",
    ]);
    expect(within(nav).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
  });

  it("hides permission, level and service entries from a user without them", () => {
    const operator = makeUser({ type: 1, company: { ...company, level: COMPANY_LEVELS.monitoringRoom }, permessi: [] });
    const entries = navEntriesFor("/operatore", routes, operator);
    expect(entries.map((e) => e.to)).toEqual(["/operatore/home"]);
  });

  it("names the operator dashboard Monitoraggio for a level-5 company", () => {
    const monitoring = makeUser({ type: 1, company: { ...company, level: COMPANY_LEVELS.monitoringRoom } });
    const nav = renderSidebar(navEntriesFor("/operatore", AREAS.operatore.pages, monitoring));
    expect(within(nav).getByRole("link", { name: "Monitoraggio" })).toBeTruthy();
  });

  it("lists the identity entries: profile (named after the citizen) and settings; the staff's profile", () => {
    const citizen = makeUser({ type: 0 });
    expect(navEntriesFor("/cittadino", AREAS.cittadino.pages, citizen)).toEqual([
      { to: "/cittadino/home", label: "nav.homepage", icon: "it-pa" },
      { to: "/cittadino/appuntamenti", label: "bookings.nav", icon: "it-list" },
      {
        to: "/cittadino/appuntamenti/nuovo/prestazione",
        label: "nav.newBooking.prestazione",
        icon: "it-plus-circle",
      },
      { to: "/cittadino/appuntamenti/nuovo/prodotto", label: "nav.newBooking.prodotto", icon: "it-box" },
      { to: "/cittadino/agenda", label: "nav.agenda", icon: "it-calendar" },
      { to: "/cittadino/ricerca", label: "nav.search", icon: "it-search" },
      { to: "/cittadino/teleconsulti", label: "nav.teleconsults", icon: "it-video" },
      { to: "/cittadino/profilosanitario", label: "nav.healthFile", icon: "it-card" },
      { to: "/cittadino/circolocura", label: "nav.careCircle", icon: "it-star-full" },
      { to: "/cittadino/familiari/caregiver", label: "nav.caregivers", icon: "it-user" },
      { to: "/cittadino/contatti-emergenza", label: "nav.emergencyContacts", icon: "it-telephone" },
      { to: "/cittadino/profilo", label: { text: "Mario Rossi" }, icon: "it-user" },
      { to: "/cittadino/impostazioni", label: "nav.settings", icon: "it-settings" },
      { to: "/cittadino/promemoria", label: "nav.reminders", icon: "it-clock" },
      { to: "/cittadino/irst", label: "nav.irst", icon: "it-list" },
      { to: "/cittadino/manuali", label: "nav.manuals", icon: "it-file" },
    ]);
    // Staff without a company or permissions: their home and their profile among the entries.
    for (const area of [AREAS.operatore, AREAS.admin]) {
      const user = makeUser({ type: area.userType });
      const entries = navEntriesFor(`/${area.area}`, area.pages, user).map((e) => e.to);
      expect(entries[0]).toBe(`/${area.area}/home`);
      expect(entries).toContain(`/${area.area}/profilo`);
      // The support request: a page in the administrators' menu, a modal in the others' (AreaShell).
      if (area === AREAS.admin) expect(entries).toContain("/admin/supporto");
      else expect(entries).not.toContain(`/${area.area}/supporto`);
    }
    const nav = renderSidebar(navEntriesFor("/cittadino", AREAS.cittadino.pages, citizen));
    expect(within(nav).getByRole("link", { name: "Mario Rossi" }).getAttribute("href")).toBe("/cittadino/profilo");
    expect(within(nav).getByRole("link", { name: "Impostazioni" })).toBeTruthy();
  });

  it("highlights one entry only: the one the page belongs to (issue 16)", () => {
    const citizen = makeUser({ type: 0 });
    const entries = navEntriesFor("/cittadino", AREAS.cittadino.pages, citizen);
    const current = (at: string) => {
      const nav = renderSidebar(entries, at);
      const names = within(nav)
        .getAllByRole("link")
        .filter((link) => link.getAttribute("aria-current") === "page" || link.classList.contains("active"))
        .map((link) => link.textContent);
      cleanup();
      return names;
    };
    // The wizard lives under appuntamenti/: only its own entry.
    expect(current("/cittadino/appuntamenti/nuovo/prestazione")).toEqual(["Prenota visita o servizio"]);
    // A booking's detail belongs to the list.
    expect(current("/cittadino/appuntamenti/dettaglio/bk1")).toEqual(["Appuntamenti"]);
    expect(current("/cittadino/appuntamenti")).toEqual(["Appuntamenti"]);
    // A prefix of the name is not a parent path.
    expect(activeEntryOf(entries, "/cittadino/agendaX")).toBeNull();
  });
});
