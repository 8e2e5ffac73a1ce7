import { type ComponentType, lazy, Suspense, useState } from "react";

/**
 * A modal whose code is downloaded when it first opens, not with the page that may open it: the
 * shells' and the sign-in page's modals (reactstrap's Modal and its transitions) are not part of any
 * first page (issue 15's initial-JS budget). Once opened it stays mounted, so closing animates and
 * gives the focus back to the element that opened it, as a modal rendered from the start does.
 */
export function lazyModal<P extends { isOpen: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Modal = lazy(() => load().then((component) => ({ default: component })));
  return function LazyModal(props: P) {
    const [used, setUsed] = useState(props.isOpen);
    if (props.isOpen && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    );
  };
}
