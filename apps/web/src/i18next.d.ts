import "i18next";
import type it from "./locales/it.json";

// Keys are checked against the Italian catalogue, the default and the fallback.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof it };
  }
}
