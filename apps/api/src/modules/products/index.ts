import type { CuraModule } from "../../platform/module.ts";
import { productsRoutes } from "./routes.ts";

export const productsModule: CuraModule = { name: "products", routes: productsRoutes };

// The module's public surface: the catalogue a product order is checked against.
export { productsByCode } from "./catalogue.ts";
