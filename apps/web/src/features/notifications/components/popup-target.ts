/**
 * Where a popup notification's action leads (spec 001 §3 Popup notifications): the teleconsult
 * section named in the action text (rapido, specialistico or pediatrico); any other text leads
 * nowhere. Citizens start a new teleconsultation of that kind; operators open that section.
 */
export type PopupArea = "cittadino" | "operatore";

const CITIZEN: Record<string, string> = {
  rapido: "/cittadino/teleconsulti/nuovo/tcemergenza",
  specialistico: "/cittadino/teleconsulti/nuovo/specialistico/teleconsulto",
  pediatrico: "/cittadino/teleconsulti/nuovo/pediatrico",
};

export function popupTarget(area: PopupArea, action: string | null): string | null {
  if (!action) return null;
  const text = action.toLowerCase();
  const section = ["rapido", "specialistico", "pediatrico"].find((s) => text.includes(s));
  if (!section) return null;
  return area === "cittadino" ? (CITIZEN[section] ?? null) : `/operatore/teleconsulto/${section}`;
}
