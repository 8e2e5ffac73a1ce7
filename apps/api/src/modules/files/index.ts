import type { CuraModule } from "../../platform/module.ts";
import { filesRoutes } from "./routes.ts";

export const filesModule: CuraModule = { name: "files", routes: filesRoutes };

// The module's public surface (docs/architecture.md "Boundaries"): other modules store, check and read
// files through these, never through the files tables. readUpload: a form with one file and its fields.
export { readUpload } from "./multipart.ts";
export {
  addFileReadRule,
  addFileReferenceRule,
  type FileReadRule,
  type FileReferenceRule,
  type IncomingFile,
  invalidFile,
  ownUpload,
  readPrivateFile,
  type StoredUpload,
  storeUploads,
  storeUploadsWith,
  withFileReleases,
} from "./service.ts";
