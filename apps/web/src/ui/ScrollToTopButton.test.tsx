import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScrollToTopButton } from "./ScrollToTopButton.tsx";

const NAME = "Torna all'inizio della pagina";

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event("scroll"));
  });
}

describe("ScrollToTopButton (issue 16, defect 7)", () => {
  afterEach(() => {
    scrollTo(0);
    Reflect.deleteProperty(document, "elementsFromPoint");
  });

  it("shows once the page is scrolled, and steps aside while a control lies under its corner", async () => {
    // jsdom lays nothing out: what lies under the corner is what the browser would answer.
    const slot = document.createElement("label");
    const text = document.createElement("p");
    let under: Element[] = [text, document.body];
    Object.defineProperty(document, "elementsFromPoint", { value: vi.fn(() => under), configurable: true });
    render(<ScrollToTopButton />);
    expect(screen.queryByRole("button", { name: NAME })).toBeNull();

    scrollTo(600);
    expect(await screen.findByRole("button", { name: NAME })).toBeTruthy();

    // A slot's time scrolls under the corner: the button goes, so it never covers it.
    under = [slot, document.body];
    scrollTo(650);
    await waitFor(() => expect(screen.queryByRole("button", { name: NAME })).toBeNull());

    under = [text, document.body];
    scrollTo(700);
    expect(await screen.findByRole("button", { name: NAME })).toBeTruthy();
  });
});
