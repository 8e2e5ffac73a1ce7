import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Appears once the page is scrolled; takes the reader back to the top (spec 000 §2.12). */
export function ScrollToTopButton({ threshold = 200 }: { threshold?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);

  if (!visible) return null;
  return (
    <button
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
