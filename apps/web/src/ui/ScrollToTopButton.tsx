import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** What a reader may click or type into: the button must never sit on top of one (issue 16). */
const CONTROLS =
  "a[href], button, input, select, textarea, label, summary, [role=button], [role=radio], [role=link], [tabindex]:not([tabindex='-1'])";

/** The button's place, as in styles.css (.cura-scroll-top): 3rem square, 1.5rem from the corner. */
function cornerRect() {
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const right = window.innerWidth - 1.5 * rem;
  const bottom = window.innerHeight - 1.5 * rem;
  return { left: right - 3 * rem, top: bottom - 3 * rem, right, bottom };
}

/**
 * Whether a control lies under the button's corner. Sampled on a 4×4 grid (about 15 px apart, less
 * than the smallest control: a slot's time is 30 px high), looking through the button itself.
 */
function coversControl(button: HTMLElement | null): boolean {
  if (typeof document.elementsFromPoint !== "function") return false;
  const { left, top, right, bottom } = cornerRect();
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      const x = left + 2 + ((right - left - 4) * i) / 3;
      const y = top + 2 + ((bottom - top - 4) * j) / 3;
      for (const element of document.elementsFromPoint(x, y)) {
        if (button?.contains(element)) continue;
        if (element.closest(CONTROLS)) return true;
      }
    }
  }
  return false;
}

/**
 * Appears once the page is scrolled; takes the reader back to the top (spec 000 §2.12). It floats in
 * the corner, so it steps aside whenever a control (a slot's time, a form's button, a link) is under
 * that corner: checked as the page scrolls or resizes, and after a click or a focus change, which
 * may bring new content there.
 */
export function ScrollToTopButton({ threshold = 200 }: { threshold?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > threshold && !coversControl(button.current));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    // At the next frame, not now: reading the scroll position forces a layout, and at mount that is
    // the whole new page's, inside the task that rendered it (issue 15: the first page's long task).
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    document.addEventListener("click", schedule);
    document.addEventListener("focusin", schedule);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      document.removeEventListener("click", schedule);
      document.removeEventListener("focusin", schedule);
    };
  }, [threshold]);

  if (!visible) return null;
  return (
    <button
      ref={button}
      type="button"
      className="back-to-top back-to-top-show shadow cura-scroll-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: "smooth" });
        document.getElementById("main-content")?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true" className="cura-scroll-top-arrow">
        ↑
      </span>
      <span className="visually-hidden">{t("common.scrollTop")}</span>
    </button>
  );
}
