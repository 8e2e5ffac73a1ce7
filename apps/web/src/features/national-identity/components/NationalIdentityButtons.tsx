import { NATIONAL_IDENTITY_PROVIDERS, type NationalIdentityProvider, nationalIdentityPaths } from "@cura/domain";
import { useTranslation } from "react-i18next";
import { usePublicFlag } from "../../../lib/settings.ts";
import "../national-identity.css";

/** A person in a circle: our own pictogram for SPID (not the official asset). */
function SpidPictogram() {
  return (
    <svg className="cura-nid-pictogram" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="none" stroke="#fff" strokeWidth="2" />
      <circle cx="16" cy="12" r="4.5" fill="#fff" />
      <path d="M8.5 25c.8-4.6 3.8-7 7.5-7s6.7 2.4 7.5 7z" fill="#fff" />
    </svg>
  );
}

/** An identity card with its chip: our own pictogram for CIE (not the official asset). */
function CiePictogram() {
  return (
    <svg className="cura-nid-pictogram" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="2" y="6" width="28" height="20" rx="3" fill="none" stroke="#fff" strokeWidth="2" />
      <rect x="6" y="11" width="7" height="6" rx="1" fill="#fff" />
      <path d="M17 12h9M17 16h9M6 21h20" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

const PICTOGRAMS: Record<NationalIdentityProvider, () => React.JSX.Element> = {
  spid: SpidPictogram,
  cie: CiePictogram,
};

/**
 * 'Entra con SPID' and 'Entra con CIE' (spec 000 §2.3: both enabled, each sends the browser to the
 * identity service), each unless the back office turned it off. Plain links: the browser leaves the app for the API's start of the flow.
 */
export function NationalIdentityButtons({ className }: { className?: string }) {
  const { t } = useTranslation();
  // The back office can turn either off (feature.spid, feature.cie): its button goes.
  const enabled: Record<NationalIdentityProvider, boolean> = {
    spid: usePublicFlag("feature.spid"),
    cie: usePublicFlag("feature.cie"),
  };
  const providers = NATIONAL_IDENTITY_PROVIDERS.filter((provider) => enabled[provider]);
  if (providers.length === 0) return null;
  return (
    <div className={`d-flex flex-wrap gap-3${className ? ` ${className}` : ""}`}>
      {providers.map((provider) => {
        const Pictogram = PICTOGRAMS[provider];
        return (
          <a
            key={provider}
            href={nationalIdentityPaths(provider).start}
            className="cura-nid-button"
            data-testid={`login-${provider}`}
          >
            <Pictogram />
            <span>{t(`nationalIdentity.buttons.${provider}`)}</span>
          </a>
        );
      })}
    </div>
  );
}
