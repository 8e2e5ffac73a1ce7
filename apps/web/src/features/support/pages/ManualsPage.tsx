import { groupManuals, type TManual } from "@cura/domain";
import { Button } from "design-react-kit";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { formatDay } from "../../health-file/format.ts";
import { fileUrl, useDownloads, useManuals } from "../api/support.ts";

/** Download buttons, one per language of a release (spec 001 §2 screen 1). */
function LanguageButtons({ manuals }: { manuals: TManual[] }) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap gap-2">
      {manuals.map((manual) => (
        <a key={manual.id} className="btn btn-primary btn-sm" href={fileUrl(manual.download_link)} download>
          {manuals.length === 1
            ? t("manuals.download")
            : t(manual.is_italian ? "manuals.downloadIt" : "manuals.downloadEn")}
        </a>
      ))}
    </div>
  );
}

/** Manuals (screens 1–2): the latest release, older ones in a drop-down, and for operators the videos. */
export default function ManualsPage() {
  const { t } = useTranslation();
  const operator = useLocation().pathname.startsWith("/operatore");
  const manuals = useManuals(operator);
  const groups = groupManuals(manuals.data?.data ?? []);
  const [latest, ...older] = groups;
  const [chosen, setChosen] = useState("");
  const selectId = useId();
  const picked = older.find((g) => g.date === chosen);

  return (
    <div>
      <h1 className="mb-4">{t("manuals.title")}</h1>
      {manuals.isPending ? <PageLoader /> : null}
      {manuals.isError || (manuals.data && groups.length === 0) ? (
        <section aria-labelledby="manuals-fallback" className="mb-4">
          <h2 id="manuals-fallback" className="h4">
            {t("manuals.fallbackTitle")}
          </h2>
          <ul>
            <li>
              <a href={manuals.data?.fallback.it ?? "/manuali/manuale-it.pdf"}>{t("manuals.fallbackIt")}</a>
            </li>
            {manuals.data?.fallback.en ? (
              <li>
                <a href={manuals.data.fallback.en}>{t("manuals.fallbackEn")}</a>
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
      {manuals.data && groups.length > 0 ? (
        <div className="row">
          <div className="col-md-6 mb-3">
            <article className="card card-bg p-3 h-100" aria-labelledby="manual-latest">
              <h2 id="manual-latest" className="h4">
                {t("manuals.latest")}
              </h2>
              {latest && latest.manuals.length > 0 ? (
                <>
                  <p className="mb-1">
                    {t("manuals.version", { version: latest.version })} · {formatDay(latest.date)}
                  </p>
                  <p>{latest.manuals[0]?.description}</p>
                  <LanguageButtons manuals={latest.manuals} />
                </>
              ) : (
                <p>{t("manuals.none")}</p>
              )}
            </article>
          </div>
          <div className="col-md-6 mb-3">
            <article className="card card-bg p-3 h-100" aria-labelledby="manual-older">
              <h2 id="manual-older" className="h4">
                {t("manuals.older")}
              </h2>
              <div className="select-wrapper mb-3">
                <label htmlFor={selectId}>{t("manuals.chooseRelease")}</label>
                <select id={selectId} value={chosen} onChange={(e) => setChosen(e.target.value)}>
                  <option value="">{t("manuals.choose")}</option>
                  {older.map((group) => (
                    <option key={group.date} value={group.date}>
                      {`${group.version.split("_").at(-1)} (${group.manuals.map((m) => (m.is_italian ? "IT" : "EN")).join(", ")})`}
                    </option>
                  ))}
                </select>
              </div>
              {picked ? (
                <LanguageButtons manuals={picked.manuals} />
              ) : (
                <Button type="button" color="primary" size="sm" disabled>
                  {t("manuals.download")}
                </Button>
              )}
            </article>
          </div>
        </div>
      ) : null}
      {operator ? <Videos /> : null}
    </div>
  );
}

function Videos() {
  const { t } = useTranslation();
  const downloads = useDownloads("operatore");
  return (
    <section aria-labelledby="videos-title" className="mt-4">
      <h2 id="videos-title" className="h3">
        {t("manuals.videos")}
      </h2>
      {downloads.isPending ? <PageLoader /> : null}
      {downloads.data?.video.length === 0 ? <p>{t("manuals.noVideos")}</p> : null}
      {downloads.data?.video.map((video) => (
        <article key={video.id} className="mb-4" aria-labelledby={`video-${video.id}`}>
          <h3 id={`video-${video.id}`} className="h5">
            {video.title}
          </h3>
          <p>{video.description}</p>
          {/* biome-ignore lint/a11y/useMediaCaption: tutorials are registered without captions; the description says what they show. */}
          <video controls preload="metadata" src={fileUrl(video.path)} className="w-100" style={{ maxWidth: 720 }} />
        </article>
      ))}
    </section>
  );
}
