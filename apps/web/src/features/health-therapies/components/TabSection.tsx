import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "../../../ui/form.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";

/**
 * A section of the health file (pathologies, exemptions, therapies): its heading and actions, the
 * last action's notice or errors, then the list's loading, loading error and empty states.
 */
export function TabSection({
  id,
  title,
  actions,
  toolbar,
  notice,
  errors = [],
  loading,
  loadFailed,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  actions: ReactNode;
  /** Between the heading and the messages (a view switch). */
  toolbar?: ReactNode;
  notice: string | null;
  /** The messages of failed actions (null: none). */
  errors?: Array<string | null>;
  loading: boolean;
  loadFailed: boolean;
  /** Shown when the list has loaded empty; null while it has rows. */
  emptyText: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h2 id={id} className="h4 mb-0">
          {title}
        </h2>
        {actions}
      </div>
      {toolbar}
      {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
      {errors.map((message) =>
        message ? (
          <FormMessage key={message} kind="error">
            {message}
          </FormMessage>
        ) : null,
      )}
      {loading ? <PageLoader /> : null}
      {loadFailed ? <FormMessage kind="error">{t("healthTherapies.errors.load")}</FormMessage> : null}
      {emptyText ? <p className="text-muted">{emptyText}</p> : null}
      {children}
    </section>
  );
}
