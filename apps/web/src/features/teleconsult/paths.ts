import type { TeleconsultKind, TeleconsultPathKind } from "@cura/domain";

/** The citizen's pages (spec 001 §2 `teleconsulti/{section}/{subsection?}/{type?}`) and the room's call pages. */
export const CITIZEN_BASE = "/cittadino/teleconsulti";
export const citizenListPath = () => `${CITIZEN_BASE}/lista`;
export const citizenPreviewPath = (hashid: string) => `${CITIZEN_BASE}/anteprima/${hashid}`;
/** The call page belongs to the room feature (contract-room). */
export const citizenCallPath = (hashid: string) => `${CITIZEN_BASE}/chiamata/${hashid}`;
export const operatorCallPath = (hashid: string) => `/operatore/teleconsulto/chiamata/${hashid}`;
export const operatorSectionPath = (kind: TeleconsultKind) => `/operatore/teleconsulto/${kind}`;

/** The `nuovo` subsections of the quick requests and the path kind each asks with. */
export const QUICK_SUBSECTIONS = {
  tcemergenza: { kind: "rapido", pathKind: "emergenza" },
  pediatrico: { kind: "pediatrico", pathKind: "tc_pediatrico" },
} as const satisfies Record<string, { kind: TeleconsultKind; pathKind: TeleconsultPathKind }>;
export type QuickSubsection = keyof typeof QUICK_SUBSECTIONS;
export const newQuickPath = (subsection: QuickSubsection) => `${CITIZEN_BASE}/nuovo/${subsection}`;
/** The specialist entry (spec 001 §2 `nuovo/specialistico`, type teleconsulto): the booking wizard at a slot. */
export const newSpecialistPath = () => `${CITIZEN_BASE}/nuovo/specialistico`;
