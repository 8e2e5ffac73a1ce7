import type { TUser } from "@cura/domain";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { fullName } from "../../lib/session.ts";
import { usePublicFlag, usePublicText } from "../../lib/settings.ts";
import { AppIcon } from "../../ui/AppIcon.tsx";
import { lazyModal } from "../../ui/lazy-modal.tsx";
import { BRAND } from "../brand.ts";
import { BrandLogo } from "./BrandLogo.tsx";
import { HeaderClock } from "./HeaderClock.tsx";
import { LanguageSwitch } from "./LanguageSwitch.tsx";

// Only a signed-in user has notifications: the public pages never download their code.
const HeaderNotifications = lazy(() =>
  import("../../features/notifications/components/HeaderNotifications.tsx").then((m) => ({
    default: m.HeaderNotifications,
  })),
);
const SupportModal = lazyModal(() => import("./SupportModal.tsx").then((m) => m.SupportModal));

export interface AppHeaderProps {
  /** Where the brand links to. */
  homeTo: string;
  /** The area's name under the brand (Area cittadino…), for the signed-in shells. */
  tagline?: string;
  user?: TUser | null;
  onLogout?: () => void;
  /**
   * The header's notifications; lazy by default. The signed-in shells pass them in with their own
   * code, so the header is drawn whole at once: a bell arriving later made the slim bar wrap onto
   * another line on a phone and pushed the page down (layout shift, issue 15).
   */
  notifications?: ComponentType<{ user: TUser }>;
}

/** Bootstrap Italia header: slim bar (support, language, user, logout) and the brand bar. */
export function AppHeader({
  homeTo,
  tagline,
  user,
  onLogout,
  notifications: Notifications = HeaderNotifications,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const [supportOpen, setSupportOpen] = useState(false);
  // The back office's brand texts and call-us button (feature.call_us); the build's until they arrive.
  const callUs = usePublicFlag("feature.call_us");
  const brandName = usePublicText("brand.name", BRAND.logoText);
  const brandTagline = usePublicText("brand.tagline", t(BRAND.taglineKey));
  return (
    <header className="it-header-wrapper cura-header">
      <div className="it-header-slim-wrapper">
        <div className="container-xxl">
          <div className="row">
            <div className="col-12">
              <div className="it-header-slim-wrapper-content">
                <span className="navbar-brand d-none d-md-inline">{t("header.owner")}</span>
                <div className="it-header-slim-right-zone gap-2 flex-wrap">
                  {callUs ? (
                    <button
                      type="button"
                      className="btn btn-primary btn-sm btn-icon"
                      onClick={() => setSupportOpen(true)}
                    >
                      <AppIcon icon="it-telephone" size="sm" color="white" />
                      <span className="ms-1">{t("header.support")}</span>
                    </button>
                  ) : null}
                  {user?.type === 1 ? <HeaderClock /> : null}
                  <LanguageSwitch />
                  {user ? (
                    <>
                      {/* An operator waiting to be enabled reaches no API but their own account's. */}
                      {user.operator_status === "pending" ? null : (
                        <Suspense fallback={null}>
                          <Notifications user={user} />
                        </Suspense>
                      )}
                      <span
                        className="cura-user-name d-flex align-items-center text-white"
                        data-testid="header-user-name"
                      >
                        <AppIcon icon="it-user" size="sm" color="white" className="me-1" />
                        <span className="visually-hidden">{t("header.signedInAs")} </span>
                        {fullName(user)}
                      </span>
                      {onLogout ? (
                        <button type="button" className="btn btn-primary btn-sm btn-icon" onClick={onLogout}>
                          <AppIcon icon="it-logout" size="sm" color="white" />
                          <span className="ms-1">{t("header.logout")}</span>
                        </button>
                      ) : null}
                    </>
                  ) : null}
                </div>
              </div>
            </div>
          </div>
        </div>
      </div>
      <div className="it-header-center-wrapper it-small-header">
        <div className="container-xxl">
          <div className="row">
            <div className="col-12">
              <div className="it-header-center-content-wrapper">
                <div className="it-brand-wrapper">
                  <Link to={homeTo} className="d-flex align-items-center gap-2 text-white text-decoration-none">
                    <BrandLogo />
                    <div className="it-brand-text">
                      <div className="it-brand-title">{brandName}</div>
                      <div className="it-brand-tagline d-none d-md-block">{tagline ?? brandTagline}</div>
                    </div>
                  </Link>
                </div>
              </div>
            </div>
          </div>
        </div>
      </div>
      {callUs ? <SupportModal isOpen={supportOpen} onClose={() => setSupportOpen(false)} /> : null}
    </header>
  );
}
