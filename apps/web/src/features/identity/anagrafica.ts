import type { TAnagrafica, TAnagraficaFields } from "@cura/domain";

/**
 * The stored record (as `users/fresh/me` gives it) as the body of PUT users/anagraphic/update: the
 * update replaces the whole record, so a section's changes travel with everything else.
 */
export function toAnagraficaFields(a: TAnagrafica): TAnagraficaFields {
  return {
    ...a,
    title: (a.title as TAnagraficaFields["title"]) ?? null,
    tipo_albo: (a.tipo_albo as TAnagraficaFields["tipo_albo"]) ?? null,
    gender: a.gender ?? null,
  };
}
