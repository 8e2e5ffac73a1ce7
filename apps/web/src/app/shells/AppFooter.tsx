import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePublicText } from "../../lib/settings.ts";
import { lazyModal } from "../../ui/lazy-modal.tsx";
import { BRAND } from "../brand.ts";
import { BrandLogo } from "./BrandLogo.tsx";

const AboutModal = lazyModal(() => import("./FooterModals.tsx").then((m) => m.AboutModal));
const ReleaseNotesModal = lazyModal(() => import("./FooterModals.tsx").then((m) => m.ReleaseNotesModal));

/** The footer: brand, legal line, terms/privacy/cookie links per scope, About and release notes. */
export function AppFooter() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"about" | "notes" | null>(null);
  // The back office's brand texts (brand.*); the build's own until an administrator writes others.
  const brandName = usePublicText("brand.name", BRAND.logoText);
  const brandTagline = usePublicText("brand.tagline", t(BRAND.taglineKey));
  const brandFooter = usePublicText("brand.footer", "");
  return (
    <footer className="it-footer cura-footer">
      <div className="it-footer-main">
        <div className="container-xxl py-4">
          <div className="d-flex align-items-center gap-3 text-white">
            <BrandLogo labelled size={44} />
            <div>
              <p className="h4 mb-0 text-white">{brandName}</p>
              <p className="mb-0 small">{brandTagline}</p>
            </div>
          </div>
        </div>
      </div>
      <div className="it-footer-small-prints clearfix">
        <div className="container-xxl">
          <nav aria-label={t("footer.navLabel")}>
            <ul className="it-footer-small-prints-list list-inline mb-0 d-flex flex-column flex-md-row flex-wrap">
              <li className="list-inline-item">
                <Link to={BRAND.links.terms}>{t("footer.terms")}</Link>
              </li>
              <li className="list-inline-item">
                <Link to={BRAND.links.privacy}>{t("footer.privacy")}</Link>
              </li>
              <li className="list-inline-item">
                <Link to={BRAND.links.cookie}>{t("footer.cookie")}</Link>
              </li>
              <li className="list-inline-item">
                <Link to="/contatti">{t("nav.publicContact")}</Link>
              </li>
              <li className="list-inline-item">
                <button type="button" className="cura-footer-button" onClick={() => setOpen("about")}>
                  {t("footer.about")}
                </button>
              </li>
              <li className="list-inline-item">
                <button type="button" className="cura-footer-button" onClick={() => setOpen("notes")}>
                  {t("footer.releaseNotes")}
                </button>
              </li>
            </ul>
          </nav>
          {brandFooter ? (
            <p className="cura-footer-text small mb-1" data-testid="brand-footer">
              {brandFooter}
            </p>
          ) : null}
          <p className="cura-footer-legal small mb-0 pb-3">{t(BRAND.legalKey)}</p>
        </div>
      </div>
      <AboutModal isOpen={open === "about"} onClose={() => setOpen(null)} />
      <ReleaseNotesModal isOpen={open === "notes"} onClose={() => setOpen(null)} />
    </footer>
  );
}
