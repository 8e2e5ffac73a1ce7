import { Icon } from "design-react-kit";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import type { NavEntry } from "../nav.ts";

export interface SidebarProps {
  id: string;
  label: string;
  entries: readonly NavEntry[];
  /** Below 768 px the sidebar is hidden unless opened with the menu button. */
  open: boolean;
}

/** The area's menu, built from the route table's nav metadata. */
export function Sidebar({ id, label, entries, open }: SidebarProps) {
  const { t } = useTranslation();
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
                <NavLink to={entry.to} className={({ isActive }) => `list-item icon-left${isActive ? " active" : ""}`}>
                  <span className="list-item-title-icon-wrapper">
                    <Icon icon={entry.icon} size="sm" color="primary" className="me-2" />
                    <span>{typeof entry.label === "string" ? t(entry.label) : entry.label.text}</span>
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </nav>
  );
}
