import type { CuraModule } from "../../platform/module.ts";
import { documentsRoutes } from "./routes.ts";

export const documentsModule: CuraModule = { name: "documents", routes: documentsRoutes };

// The module's public surface (docs/architecture.md "Boundaries"): the teleconsult room asks how many
// of a booking's documents are still unsigned before letting the citizen join. (The demo seed imports
// demo-data.ts directly, as it does bookings' demo data: through here it would load every route.)
export { unsignedDocumentCount } from "./read-models.ts";
