import { DOCUMENT_ALLOWED_TAGS, DOCUMENT_DROPPED_TAGS } from "@cura/domain";
import { createElement, Fragment, type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";

const ALLOWED = new Set<string>(DOCUMENT_ALLOWED_TAGS);
const DROPPED = new Set<string>(DOCUMENT_DROPPED_TAGS);

/**
 * Rebuilds parsed HTML as React elements of the allowed tags only, with no attribute: the same
 * reduction the server applies when saving. DOMParser's document is inert (nothing runs or loads),
 * and nothing of the typed markup reaches the page except text and those tags.
 */
function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = (node as Element).tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(node.childNodes, (child, i) => toReact(child, i));
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === "br" || tag === "hr") return createElement(tag, { key });
  return createElement(tag, { key }, ...children);
}

/** What the edited HTML will look like once saved (allowed tags only). */
export function HtmlPreview({ html }: { html: string }) {
  const { t } = useTranslation();
  const content = useMemo(() => {
    const body = new DOMParser().parseFromString(html, "text/html").body;
    return Array.from(body.childNodes, (child, i) => toReact(child, i));
  }, [html]);
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={t("documents.preview")}
      className="border rounded p-3"
      style={{ maxHeight: "18rem", overflowY: "auto" }}
    >
      {content}
    </section>
  );
}
