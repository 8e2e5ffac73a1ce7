import { render, screen } from "@testing-library/react";
import { Suspense, useEffect } from "react";
import { describe, expect, it } from "vitest";
import { preloadable } from "./preloadable.ts";

function counted() {
  const counts = { mounts: 0 };
  function Page() {
    useEffect(() => {
      counts.mounts++;
    }, []);
    return <p>pagina</p>;
  }
  return { counts, Page };
}

describe("preloadable", () => {
  it("renders at once, without its fallback, once its code was loaded", async () => {
    const { Page } = counted();
    const Preloaded = preloadable(() => Promise.resolve({ default: Page }));
    await Preloaded.load();
    render(
      <Suspense fallback={<p>attendere</p>}>
        <Preloaded />
      </Suspense>,
    );
    expect(screen.getByText("pagina")).toBeTruthy();
    expect(screen.queryByText("attendere")).toBeNull();
  });

  // The first render went through React.lazy, a later one renders the loaded component itself: React
  // reconciles the lazy type with what it resolved to, so the page keeps its state.
  it("is not mounted again when its parent renders again after the code arrived", async () => {
    const { counts, Page } = counted();
    const Preloaded = preloadable(() => Promise.resolve({ default: Page }));
    const tree = (label: string) => (
      <Suspense fallback={<p>attendere</p>}>
        <span>{label}</span>
        <Preloaded />
      </Suspense>
    );
    const { rerender } = render(tree("prima"));
    await screen.findByText("pagina");
    rerender(tree("dopo"));
    await screen.findByText("dopo");
    expect(screen.getByText("pagina")).toBeTruthy();
    expect(counts.mounts).toBe(1);
  });
});
