/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The product variant: 'cura' (default) or 'cura-pro'. */
  readonly VITE_BRAND?: string;
  /** The support line and mailbox shown in the call-support modal (spec 000 §1: configured values). */
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  /** 'off' closes operator registration (spec 000 §2.4). */
  readonly VITE_OPERATOR_REGISTRATION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** One of design-react-kit's icon drawings (vite.config.ts: DESIGN_REACT_KIT_ICONS). */
declare module "@design-react-kit-icons/*" {
  import type { JSX, SVGProps } from "react";
  export const component: (props: SVGProps<SVGSVGElement> & { title?: string; titleId?: string }) => JSX.Element;
}
