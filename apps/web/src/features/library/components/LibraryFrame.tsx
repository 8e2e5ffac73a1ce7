import type { TLibraryItem } from "@cura/domain";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Rnd } from "react-rnd";

/**
 * 720×480 near the top left, or as wide as the window allows: on a phone a 720 px frame stuck out
 * of a 390 px screen, its right half (the close button) out of reach (issue 16).
 */
function initialBox(): Box {
  const margin = 16;
  // The layout width (no scrollbar); a document not laid out (tests) has none: the window's then.
  const room = document.documentElement.clientWidth || window.innerWidth;
  const width = Math.max(MIN.width, Math.min(720, room - 2 * margin));
  const x = Math.max(0, Math.min(40, room - width - margin));
  return { x, y: 100, width, height: Math.max(MIN.height, Math.min(480, window.innerHeight - 120)) };
}
const MIN = { width: 320, height: 240 };
const STEP = 20;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Arrow keys move the frame; with Shift they resize it. */
export function boxAfterKey(box: Box, key: string, shift: boolean): Box | null {
  const dx = key === "ArrowLeft" ? -STEP : key === "ArrowRight" ? STEP : 0;
  const dy = key === "ArrowUp" ? -STEP : key === "ArrowDown" ? STEP : 0;
  if (dx === 0 && dy === 0) return null;
  if (shift)
    return { ...box, width: Math.max(MIN.width, box.width + dx), height: Math.max(MIN.height, box.height + dy) };
  return { ...box, x: Math.max(0, box.x + dx), y: Math.max(0, box.y + dy) };
}

/**
 * A floating frame for a library item: moved by its title bar (or the arrow keys on its Sposta button), resized from its
 * edges and corners (or Shift+arrows), with a link that opens the item in a new tab and a Close
 * button. Not modal: the page stays usable; Escape closes it.
 */
export function LibraryFrame({ item, onClose }: { item: TLibraryItem; onClose: () => void }) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const [box, setBox] = useState<Box>(initialBox);
  const titleId = useId();
  const hintId = useId();
  useEffect(() => {
    closeRef.current?.focus();
  }, []);

  const onMoveKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = boxAfterKey(box, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    setBox(next);
  };

  return (
    <Rnd
      position={{ x: box.x, y: box.y }}
      size={{ width: box.width, height: box.height }}
      onDragStop={(_, data) => setBox((b) => ({ ...b, x: data.x, y: data.y }))}
      onResizeStop={(_, __, ref, ___, position) =>
        setBox({ x: position.x, y: position.y, width: ref.offsetWidth, height: ref.offsetHeight })
      }
      minWidth={MIN.width}
      minHeight={MIN.height}
      bounds="window"
      dragHandleClassName="library-frame-handle"
      resizeHandleClasses={{ bottomRight: "library-frame-resize" }}
      style={{ zIndex: 1050, position: "fixed" }}
      className="bg-white border shadow d-flex flex-column"
      data-testid="library-frame-box"
    >
      <section
        aria-labelledby={titleId}
        data-testid="library-frame"
        className="d-flex flex-column h-100"
        onKeyDown={(e) => {
          if (e.key === "Escape") onClose();
        }}
      >
        <header
          className="library-frame-handle d-flex align-items-center justify-content-between gap-2 px-3 py-2 bg-primary text-white"
          style={{ cursor: "move" }}
          data-testid="library-frame-handle"
        >
          <h2 id={titleId} className="h6 m-0 text-white text-truncate">
            {item.label}
          </h2>
          <span id={hintId} className="visually-hidden">
            {t("library.frameHint")}
          </span>
          <div className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-xs btn-outline-light"
              aria-describedby={hintId}
              onKeyDown={onMoveKey}
              data-testid="library-frame-move"
            >
              {t("library.move")}
            </button>
            <a
              href={item.url}
              target="_blank"
              rel="noreferrer noopener"
              className="btn btn-xs btn-outline-light"
              onClick={onClose}
            >
              {t("library.openInNewTab")}
            </a>
            <button ref={closeRef} type="button" className="btn btn-xs btn-outline-light" onClick={onClose}>
              {t("common.close")}
            </button>
          </div>
        </header>
        <iframe src={item.url} title={item.label} className="flex-grow-1 w-100 border-0" />
      </section>
    </Rnd>
  );
}
