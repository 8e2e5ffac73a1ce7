import type { Area } from "../../lib/session.ts";
import { adminArea } from "./admin.tsx";
import type { AreaDefinition } from "./area.ts";
import { citizenArea } from "./cittadino.tsx";
import { operatorArea } from "./operatore.tsx";

/** Every area's definition, for code that looks across areas (tests); the app loads each on its own. */
export const AREAS: Record<Area, AreaDefinition> = {
  cittadino: citizenArea,
  operatore: operatorArea,
  admin: adminArea,
};
