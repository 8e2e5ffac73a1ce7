import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { BRAND, telHref } from "../../../app/brand.ts";
import { BackButton } from "../../../ui/BackButton.tsx";

const POLICY_SECTIONS = [
  { id: "termini", title: "help.terms.title", body: ["help.terms.p1", "help.terms.p2"] },
  { id: "privacy", title: "help.privacy.title", body: ["help.privacy.p1", "help.privacy.p2"] },
  { id: "privacy-operatori", title: "help.privacyOperators.title", body: ["help.privacyOperators.p1"] },
  { id: "cookie", title: "help.cookie.title", body: ["help.cookie.p1"] },
] as const;

/**
 * Help (spec 000 §2.10): support contacts and hours, and the terms, privacy and cookie sections the
 * footer links to (/help#termini, #privacy, #cookie). Open to everyone.
 */
export default function HelpPage() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const { phone, email } = BRAND.support;

  // The root layout scrolls to the top on every navigation; a #section link then scrolls here.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) {
      target.scrollIntoView();
      target.focus({ preventScroll: true });
    }
  }, [hash]);

  return (
    <div className="row">
      <div className="col-12 col-lg-9">
        <h1 className="mb-3">{t("help.title")}</h1>
        <p className="lead">{t("help.lead", { name: BRAND.name })}</p>

        <section className="mt-4" aria-labelledby="help-contacts">
          <h2 id="help-contacts" className="h3">
            {t("help.contacts.title")}
          </h2>
          <p>{t("help.contacts.text")}</p>
          <dl className="row">
            <dt className="col-sm-4">{t("support.phone")}</dt>
            <dd className="col-sm-8">
              <a href={telHref(phone)}>{phone}</a>
            </dd>
            <dt className="col-sm-4">{t("support.email")}</dt>
            <dd className="col-sm-8">
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
            <dt className="col-sm-4">{t("support.hoursLabel")}</dt>
            <dd className="col-sm-8">{t("support.hours")}</dd>
          </dl>
          <p>{t("help.contacts.rights")}</p>
        </section>

        <section className="mt-4" aria-labelledby="help-access">
          <h2 id="help-access" className="h3">
            {t("help.access.title")}
          </h2>
          <ul>
            <li>{t("help.access.credentials")}</li>
            <li>{t("help.access.attempts")}</li>
            <li>{t("help.access.phone")}</li>
          </ul>
        </section>

        {POLICY_SECTIONS.map((section) => (
          <section
            key={section.id}
            id={section.id}
            tabIndex={-1}
            className="mt-4 cura-anchor"
            aria-labelledby={`${section.id}-title`}
          >
            <h2 id={`${section.id}-title`} className="h3">
              {t(section.title)}
            </h2>
            {section.body.map((key) => (
              <p key={key}>{t(key, { name: BRAND.name })}</p>
            ))}
          </section>
        ))}

        <div className="mt-5">
          <BackButton />
        </div>
      </div>
    </div>
  );
}
