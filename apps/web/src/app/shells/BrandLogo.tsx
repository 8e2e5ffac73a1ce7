import { useTranslation } from "react-i18next";
import { BRAND, type Brand } from "../brand.ts";

/**
 * The brand mark: a cross in a rounded square. Decorative next to the brand name; with `labelled`
 * it stands alone and carries the brand's alternative text.
 */
export function BrandLogo({
  brand = BRAND,
  labelled = false,
  size = 40,
}: {
  brand?: Brand;
  labelled?: boolean;
  size?: number;
}) {
  const { t } = useTranslation();
  const shape = (
    <>
      <rect x="1" y="1" width="38" height="38" rx="9" fill="currentColor" opacity="0.18" />
      <path d="M16 8h8v8h8v8h-8v8h-8v-8H8v-8h8z" fill="currentColor" />
    </>
  );
  if (labelled) {
    return (
      <svg className="cura-logo" width={size} height={size} viewBox="0 0 40 40" focusable="false" role="img">
        <title>{t(brand.logoAltKey)}</title>
        {shape}
      </svg>
    );
  }
  return (
    <svg className="cura-logo" width={size} height={size} viewBox="0 0 40 40" focusable="false" aria-hidden="true">
      {shape}
    </svg>
  );
}
