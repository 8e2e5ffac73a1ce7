import type { CuraModule } from "../../platform/module.ts";
import { productsRoutes } from "./routes.ts";

export const productsModule: CuraModule = { name: "products", routes: productsRoutes };
