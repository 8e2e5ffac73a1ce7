import { PLATFORM_VERSION } from "@cura/domain/constants";
import { useTranslation } from "react-i18next";
import type { TKey } from "../../lib/i18n.ts";
import { InfoModal } from "../../ui/InfoModal.tsx";
import { BRAND, versionLabel } from "../brand.ts";

export function AboutModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <InfoModal isOpen={isOpen} onClose={onClose} title={t("about.title", { name: BRAND.name })}>
      <p>{t("about.description", { name: BRAND.name })}</p>
      <dl className="row mb-0">
        <dt className="col-sm-5">{t("about.name")}</dt>
        <dd className="col-sm-7">{BRAND.name}</dd>
        <dt className="col-sm-5">{t("about.version")}</dt>
        <dd className="col-sm-7" data-testid="platform-version" data-version={PLATFORM_VERSION}>
          {versionLabel()}
        </dd>
        <dt className="col-sm-5">{t("about.owner")}</dt>
        <dd className="col-sm-7">{t(BRAND.legalKey)}</dd>
      </dl>
    </InfoModal>
  );
}

/** Release notes of spec 000 §1 and 001 §1, newest first. */
export const RELEASE_NOTES: readonly { version: string; dateKey: TKey; items: readonly TKey[] }[] = [
  {
    version: "01.02.02",
    dateKey: "releaseNotes.v010202.date",
    items: [
      "releaseNotes.v010202.failedLogins",
      "releaseNotes.v010202.bookingNotes",
      "releaseNotes.v010202.recipeUpload",
      "releaseNotes.v010202.operatorTimeout",
      "releaseNotes.v010202.verifiedPhone",
    ],
  },
];

export function ReleaseNotesModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <InfoModal isOpen={isOpen} onClose={onClose} title={t("releaseNotes.title")} size="lg">
      {RELEASE_NOTES.map((release) => (
        <section key={release.version} className="mb-3">
          <h3 className="h6">{t("releaseNotes.version", { version: release.version, date: t(release.dateKey) })}</h3>
          <ul>
            {release.items.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
        </section>
      ))}
    </InfoModal>
  );
}
