import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { TKey } from "../../lib/i18n.ts";
import type { HealthArea, HealthTabProps } from "./types.ts";

export type { HealthArea, HealthTabProps } from "./types.ts";

/**
 * The sections of the health file (spec 001 §2 screen 20), in the order of the tab strip. The citizen's
 * `profilosanitario/{section}/{action?}` and the operator's patient card show the same sections; each
 * part of the health module adds its own entries here (health-file: hr, health-measurements: hm,
 * health-therapies: ht). `areas` limits a section to some viewers (absent: both).
 * The first entry is where the file opens (spec: "opens on archivio").
 */
export interface HealthTab {
  /** The URL segment (Italian, as the spec's paths). */
  section: string;
  labelKey: TKey;
  component: LazyExoticComponent<ComponentType<HealthTabProps>>;
  areas?: readonly HealthArea[];
}

export const HEALTH_TABS: readonly HealthTab[] = [
  {
    section: "archivio",
    labelKey: "healthFile.tabs.archivio",
    component: lazy(() => import("./tabs/ArchiveTab.tsx")),
  },
  {
    section: "referti",
    labelKey: "healthFile.tabs.referti",
    component: lazy(() => import("./tabs/ReportsTab.tsx")),
  },
  {
    section: "note",
    labelKey: "healthFile.tabs.note",
    component: lazy(() => import("./tabs/NotesTab.tsx")),
  },
  {
    section: "parametri",
    labelKey: "healthMeasurements.tabs.parametri",
    component: lazy(() => import("../health-measurements/tabs/MeasurementsTab.tsx")),
  },
  {
    section: "questionari",
    labelKey: "healthMeasurements.tabs.questionari",
    component: lazy(() => import("../health-measurements/tabs/ScoresTab.tsx")),
  },
  {
    // The compilations of in-clear survey sessions about the citizen (issue 13): the citizen's own only.
    section: "sessioni",
    labelKey: "healthFile.tabs.sessioni",
    component: lazy(() => import("../survey-sessions/tabs/OwnCompilationsTab.tsx")),
    areas: ["cittadino"],
  },
  {
    section: "dispositivi",
    labelKey: "healthMeasurements.tabs.dispositivi",
    component: lazy(() => import("../health-measurements/tabs/DevicesTab.tsx")),
  },
  {
    section: "patologie",
    labelKey: "healthTherapies.tabs.patologie",
    component: lazy(() => import("../health-therapies/tabs/PathologiesTab.tsx")),
  },
  {
    section: "terapie",
    labelKey: "healthTherapies.tabs.terapie",
    component: lazy(() => import("../health-therapies/tabs/TherapiesTab.tsx")),
  },
  {
    section: "esenzioni",
    labelKey: "healthTherapies.tabs.esenzioni",
    component: lazy(() => import("../health-therapies/tabs/ExemptionsTab.tsx")),
  },
  {
    // IRST, the oncology therapy reconciliation (issue 13): what the patient declared, read only for
    // the operator (the citizen keeps the lists on their own IRST page).
    section: "irst",
    labelKey: "irst.patient.tab",
    component: lazy(() => import("../irst/tabs/IrstTab.tsx")),
    areas: ["operatore"],
  },
  {
    // Beyond the spec (issue 11): only the person sees who read their file.
    section: "accessi",
    labelKey: "healthFile.tabs.accessi",
    component: lazy(() => import("./tabs/AccessLogTab.tsx")),
    areas: ["cittadino"],
  },
];

/** The sections a viewer sees, in order. */
export function tabsFor(area: HealthArea): readonly HealthTab[] {
  return HEALTH_TABS.filter((tab) => !tab.areas || tab.areas.includes(area));
}
