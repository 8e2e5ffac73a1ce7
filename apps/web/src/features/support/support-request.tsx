import type { SupportObject } from "@cura/domain";
import { type ComponentType, createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppIcon } from "../../ui/AppIcon.tsx";
import { lazyModal } from "../../ui/lazy-modal.tsx";

/**
 * The support request modal of the signed-in shells (spec 001 §2 screen 4): a menu item with the
 * question-circle icon opens it empty; `useSupportRequest().open({ object, content })` opens it
 * pre-filled (the full-monitor subscription info request). This file is in the shell's first load:
 * the modal, its form and zod arrive with the area's loader (app/areas/area.ts) when it first opens.
 */
export interface SupportRequestInitial {
  object?: SupportObject;
  content?: string;
}

export interface SupportRequestModalProps {
  isOpen: boolean;
  initial: SupportRequestInitial | undefined;
  onClose: () => void;
}

export type SupportRequestModalLoader = () => Promise<{
  SupportRequestModal: ComponentType<SupportRequestModalProps>;
}>;

export interface SupportRequestApi {
  open: (initial?: SupportRequestInitial) => void;
}

const SupportRequestContext = createContext<SupportRequestApi | null>(null);

export function useSupportRequest(): SupportRequestApi {
  const api = useContext(SupportRequestContext);
  if (!api) throw new Error("useSupportRequest: no support request in this area (AreaDefinition.supportRequest)");
  return api;
}

/** Holds the modal of an area that has one (`load`); without it, its children only. */
export function SupportRequestProvider({
  load,
  children,
}: {
  load: SupportRequestModalLoader | undefined;
  children: ReactNode;
}) {
  const [Modal] = useState(() => (load ? lazyModal(() => load().then((m) => m.SupportRequestModal)) : null));
  const [shown, setShown] = useState<{ isOpen: boolean; initial?: SupportRequestInitial }>({ isOpen: false });
  const api = useMemo<SupportRequestApi>(() => ({ open: (initial) => setShown({ isOpen: true, initial }) }), []);
  if (!Modal) return children;
  return (
    <SupportRequestContext.Provider value={api}>
      {children}
      <Modal
        isOpen={shown.isOpen}
        initial={shown.initial}
        onClose={() => setShown((current) => ({ ...current, isOpen: false }))}
      />
    </SupportRequestContext.Provider>
  );
}

/** The menu's item (a sidebar list item) that opens the modal empty; nothing outside a provider with a modal. */
export function SupportRequestMenuItem() {
  const { t } = useTranslation();
  const api = useContext(SupportRequestContext);
  if (!api) return null;
  return (
    <li>
      <button
        type="button"
        className="list-item icon-left cura-sidebar-action"
        aria-haspopup="dialog"
        onClick={() => api.open()}
      >
        <span className="list-item-title-icon-wrapper">
          <AppIcon icon="it-help-circle" size="sm" color="primary" className="me-2" />
          <span>{t("nav.supportRequest")}</span>
        </span>
      </button>
    </li>
  );
}
