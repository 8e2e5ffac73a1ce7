import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { AppIcon } from "../../ui/AppIcon.tsx";
import { activeEntryOf, type NavEntry } from "../nav.ts";

export interface SidebarProps {
  id: string;
  label: string;
  entries: readonly NavEntry[];
  /** Below 768 px the sidebar is hidden unless opened with the menu button. */
  open: boolean;
  /** Items after the entries that open a modal, not a page (the support request's). */
  children?: ReactNode;
}

/** The area's menu, built from the route table's nav metadata. */
export function Sidebar({ id, label, entries, open, children }: SidebarProps) {
  const { t } = useTranslation();
  const active = activeEntryOf(entries, useLocation().pathname);
  return (
    <nav
      id={id}
      aria-label={label}
      className={`sidebar-wrapper cura-sidebar ${open ? "d-block" : "d-none d-md-block"}`}
    >
      <div className="sidebar-linklist-wrapper">
        <div className="link-list-wrapper">
          <ul className="link-list">
            {entries.map((entry) => (
              <li key={entry.to}>
                <Link
                  to={entry.to}
                  className={`list-item icon-left${entry.to === active ? " active" : ""}`}
                  aria-current={entry.to === active ? "page" : undefined}
                >
                  <span className="list-item-title-icon-wrapper">
                    <AppIcon icon={entry.icon} size="sm" color="primary" className="me-2" />
                    <span>{typeof entry.label === "string" ? t(entry.label) : entry.label.text}</span>
                  </span>
                </Link>
              </li>
            ))}
            {children}
          </ul>
        </div>
      </div>
    </nav>
  );
}
