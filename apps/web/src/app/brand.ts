// Subpath imports keep zod (the contracts) out of the first download; only forms need it.
import { PLATFORM_VERSION } from "@cura/domain/constants";

/**
 * The two product variants (spec 000 §1, 001 §1): each has its logo, footer legal line, policy links
 * and version prefix. Texts are i18n keys; the links point at the sections of the help page.
 */
export type BrandScope = "cura" | "cura-pro";

export interface Brand {
  scope: BrandScope;
  /** The product name, as written (not translated). */
  name: string;
  /** The text of the logo and the alternative text of its image (i18n key). */
  logoText: string;
  logoAltKey: "brand.cura.logoAlt" | "brand.curaPro.logoAlt";
  taglineKey: "brand.cura.tagline" | "brand.curaPro.tagline";
  legalKey: "brand.cura.legal" | "brand.curaPro.legal";
  /** Version prefix shown in the About modal (CC, PF). */
  versionPrefix: string;
  /** The privacy policy has a part for citizens and one for operators (spec 000 §2.4 step 0). */
  links: { terms: string; privacy: string; privacyOperators: string; cookie: string };
  support: { phone: string; email: string };
  /** Spec 000 §2.3: for one scope the support phone is shown on the login page. */
  showSupportPhoneOnLogin: boolean;
}

const env = import.meta.env;
const support = {
  phone: env.VITE_SUPPORT_PHONE || "800 123 456",
  email: env.VITE_SUPPORT_EMAIL || "assistenza@cura.example",
};
const links = {
  terms: "/help#termini",
  privacy: "/help#privacy",
  privacyOperators: "/help#privacy-operatori",
  cookie: "/help#cookie",
};

export const BRANDS: Record<BrandScope, Brand> = {
  cura: {
    scope: "cura",
    name: "Cura",
    logoText: "Cura",
    logoAltKey: "brand.cura.logoAlt",
    taglineKey: "brand.cura.tagline",
    legalKey: "brand.cura.legal",
    versionPrefix: "CC",
    links,
    support,
    showSupportPhoneOnLogin: true,
  },
  "cura-pro": {
    scope: "cura-pro",
    name: "Cura Pro",
    logoText: "Cura Pro",
    logoAltKey: "brand.curaPro.logoAlt",
    taglineKey: "brand.curaPro.tagline",
    legalKey: "brand.curaPro.legal",
    versionPrefix: "PF",
    links,
    support,
    showSupportPhoneOnLogin: false,
  },
};

export function brandFor(scope: string | undefined): Brand {
  return scope === "cura-pro" ? BRANDS["cura-pro"] : BRANDS.cura;
}

/** The brand of this build: VITE_BRAND, default 'cura'. */
export const BRAND: Brand = brandFor(env.VITE_BRAND);

export function versionLabel(brand: Brand = BRAND): string {
  return `${brand.versionPrefix} ${PLATFORM_VERSION}`;
}

/**
 * Feature flags of this build. Operator registration can be closed (spec 000 §2.4: step 0 then
 * shows 'App non disponibile per utenze di tipo Operatore'): VITE_OPERATOR_REGISTRATION=off.
 */
export const FEATURES = {
  operatorRegistration: env.VITE_OPERATOR_REGISTRATION !== "off",
} as const;

/** `tel:` wants the digits only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
