import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver fetched when the form is first validated (on submit, or a field's change after
 * that), so a page that must show quickly (the sign-in page, issue 15) renders without zod and the
 * shared contracts: `lazyResolver(() => import("./login-form.ts").then((m) => m.loginResolver))`.
 * The chunk is also requested once the page is idle, so the first submit seldom waits for it.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // try again at the next validation
      throw error;
    });
    return loading;
  };
  if (typeof window !== "undefined") {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    idle(() => void get().catch(() => undefined));
  }
  return async (values, context, options) => (await get())(values, context, options);
}
