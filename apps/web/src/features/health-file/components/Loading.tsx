import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";

/** A query's pending and error states, the same way in every section (the shared loader while pending). */
export function QueryState({ pending, error }: { pending: boolean; error: Error | null }) {
  if (pending) return <PageLoader />;
  if (error) return <FormMessage kind="error">{error.message}</FormMessage>;
  return null;
}
