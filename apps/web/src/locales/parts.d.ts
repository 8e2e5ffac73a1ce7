// A part of a catalogue (vite-plugins/catalogue-parts.ts): some of the top-level keys of it.json or en.json.
declare module "*.json?part=core" {
  const part: Record<string, unknown>;
  export default part;
}
declare module "*.json?part=public" {
  const part: Record<string, unknown>;
  export default part;
}
declare module "*.json?part=cittadino" {
  const part: Record<string, unknown>;
  export default part;
}
declare module "*.json?part=operatore" {
  const part: Record<string, unknown>;
  export default part;
}
declare module "*.json?part=admin" {
  const part: Record<string, unknown>;
  export default part;
}
// The loaders of every part of a language (vite-plugins/catalogue-parts.ts).
declare module "virtual:catalogue/*" {
  const loaders: Record<
    import("../../vite-plugins/catalogue-parts.ts").CataloguePart | "core",
    () => Promise<{ default: Record<string, unknown> }>
  >;
  export default loaders;
}
