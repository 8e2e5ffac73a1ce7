import type { UserType } from "@cura/domain/constants";
import type { ComponentType, LazyExoticComponent } from "react";
import type { SupportRequestModalLoader } from "../../features/support/support-request.tsx";
import { type TKey, withCataloguePart } from "../../lib/i18n.ts";
import type { Preloadable } from "../../lib/preloadable.ts";
import type { Area } from "../../lib/session.ts";
import type { NavMeta } from "../nav.ts";

export interface AreaPage {
  /** Path inside the area, without a leading slash. */
  path: string;
  titleKey: TKey;
  /** Lazy; preloadable (lib/preloadable.ts) for a page users land on, fetched while the shell checks the session. */
  Component: LazyExoticComponent<ComponentType> | Preloadable;
  /** Present when the page has a sidebar entry. */
  nav?: NavMeta;
}

export interface AreaDefinition {
  area: Area;
  userType: UserType;
  /** The area's name (header tagline, sidebar label). */
  label: TKey;
  pages: readonly AreaPage[];
  /**
   * The support request modal (spec 001 §2 screen 4): in an area that loads it, the menu ends with
   * its question-circle item. Loaded when it first opens, with its part of the catalogue.
   */
  supportRequest?: SupportRequestModalLoader;
}

// One profile page for the three areas; each area's route table lazy-loads it on its own.
export const loadProfilePage = () => import("../../features/identity/pages/ProfilePage.tsx");
export const loadSettingsPage = () =>
  withCataloguePart("settings", import("../../features/identity/pages/SettingsPage.tsx"));
export const loadSupportRequestModal = () =>
  withCataloguePart("support", import("../../features/support/components/SupportRequestModal.tsx"));
