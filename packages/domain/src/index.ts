export * from "./constants.ts";
export * from "./contracts/common.ts";
export * from "./contracts/dev.ts";
export * from "./contracts/files.ts";
export * from "./contracts/health.ts";
export * from "./contracts/identity.ts";
export * from "./errors.ts";
export * from "./validation/tax-code.ts";
