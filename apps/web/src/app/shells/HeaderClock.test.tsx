import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { HeaderClock } from "./HeaderClock.tsx";

describe("operator header clock (spec 001 §9)", () => {
  it("shows the date and time in Italian time and updates every second", () => {
    vi.useFakeTimers();
    let instant = new Date("2030-03-04T08:59:58.000Z");
    render(<HeaderClock now={() => instant} />);
    const clock = screen.getByTestId("header-clock");
    expect(clock.textContent).toContain("09:59:58");
    expect(clock.textContent).toContain("04/03/2030");
    instant = new Date("2030-03-04T08:59:59.000Z");
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId("header-clock").textContent).toContain("09:59:59");
  });
});
