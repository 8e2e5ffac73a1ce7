import { component as ItBox } from "@design-react-kit-icons/ItBox";
import { component as ItCalendar } from "@design-react-kit-icons/ItCalendar";
import { component as ItCard } from "@design-react-kit-icons/ItCard";
import { component as ItChartLine } from "@design-react-kit-icons/ItChartLine";
import { component as ItCheck } from "@design-react-kit-icons/ItCheck";
import { component as ItCheckCircle } from "@design-react-kit-icons/ItCheckCircle";
import { component as ItClock } from "@design-react-kit-icons/ItClock";
import { component as ItFile } from "@design-react-kit-icons/ItFile";
import { component as ItFilePdf } from "@design-react-kit-icons/ItFilePdf";
import { component as ItFolder } from "@design-react-kit-icons/ItFolder";
import { component as ItHelpCircle } from "@design-react-kit-icons/ItHelpCircle";
import { component as ItList } from "@design-react-kit-icons/ItList";
import { component as ItLogout } from "@design-react-kit-icons/ItLogout";
import { component as ItMail } from "@design-react-kit-icons/ItMail";
import { component as ItPa } from "@design-react-kit-icons/ItPa";
import { component as ItPlusCircle } from "@design-react-kit-icons/ItPlusCircle";
import { component as ItSearch } from "@design-react-kit-icons/ItSearch";
import { component as ItSettings } from "@design-react-kit-icons/ItSettings";
import { component as ItStarFull } from "@design-react-kit-icons/ItStarFull";
import { component as ItTelephone } from "@design-react-kit-icons/ItTelephone";
import { component as ItUser } from "@design-react-kit-icons/ItUser";
import { component as ItVideo } from "@design-react-kit-icons/ItVideo";

const ICONS = {
  "it-box": ItBox,
  "it-calendar": ItCalendar,
  "it-card": ItCard,
  "it-chart-line": ItChartLine,
  "it-check": ItCheck,
  "it-check-circle": ItCheckCircle,
  "it-clock": ItClock,
  "it-file": ItFile,
  "it-file-pdf": ItFilePdf,
  "it-folder": ItFolder,
  "it-help-circle": ItHelpCircle,
  "it-list": ItList,
  "it-logout": ItLogout,
  "it-mail": ItMail,
  "it-pa": ItPa,
  "it-plus-circle": ItPlusCircle,
  "it-search": ItSearch,
  "it-settings": ItSettings,
  "it-star-full": ItStarFull,
  "it-telephone": ItTelephone,
  "it-user": ItUser,
  "it-video": ItVideo,
} as const;

/** The Bootstrap Italia icons the app draws (menus, header, steppers). */
export type AppIconName = keyof typeof ICONS;

export interface AppIconProps {
  icon: AppIconName;
  size?: "xs" | "sm" | "lg" | "xl";
  color?: "primary" | "white" | "secondary" | "success" | "warning" | "danger";
  className?: string;
  /** Read by assistive technology; without one the icon is decoration (hidden from it). */
  title?: string;
}

/**
 * design-react-kit's Icon, same markup and drawings, drawn in the first render. Its Icon fetches each
 * drawing as a chunk of its own and draws it in a second render: in a signed-in shell a dozen
 * requests and re-renders inside the first page's longest task (issue 15, the citizen home's
 * blocking time). The drawings used here are few and small, so they come with the shell's code.
 */
export function AppIcon({ icon, size, color, className, title }: AppIconProps) {
  const Drawing = ICONS[icon];
  const classes = ["icon", className, color ? `icon-${color}` : null, size ? `icon-${size}` : null]
    .filter(Boolean)
    .join(" ");
  return <Drawing className={classes} role={title ? "img" : undefined} aria-hidden={!title} title={title} />;
}
