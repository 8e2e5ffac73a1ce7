import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { mockFetch } from "../../../test/helpers.tsx";
import { addDaysIso, todayIso } from "../dates.ts";
import { WeekSlots } from "./WeekSlots.tsx";

const day1 = addDaysIso(todayIso(), 1);
const day2 = addDaysIso(todayIso(), 2);
const times = (date: string, list: string[]) => list.map((time) => ({ start: `${date}T${time}:00+01:00`, time }));
const week = {
  from: todayIso(),
  to: addDaysIso(todayIso(), 6),
  time_zone: "Europe/Rome",
  slot_minutes: 15,
  overlap: false,
  days: [
    { date: day1, weekday: 1, slots: times(day1, ["09:00", "09:15", "09:30"]) },
    { date: day2, weekday: 2, slots: times(day2, ["15:00"]) },
  ],
};

function Harness() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <WeekSlots service="hs1" value={value} onChange={(start) => setValue(start)} />
      <output data-testid="chosen">{value ?? ""}</output>
    </QueryClientProvider>
  );
}

describe("WeekSlots (issue 16, defect 7)", () => {
  it("asks for a day first, then shows only that day's times, each a radio group", async () => {
    mockFetch((call) =>
      call.url.startsWith("/api/v1/healthservices/slots/array/hs1") ? { status: 200, body: { data: week } } : undefined,
    );
    render(<Harness />);

    const daysGroup = await screen.findByRole("radiogroup", { name: "Giorno" });
    const days = within(daysGroup).getAllByRole("radio");
    expect(days).toHaveLength(2);
    // The count says how many times each day has, with the singular for one.
    expect(daysGroup.textContent).toContain("3 orari");
    expect(daysGroup.textContent).toContain("1 orario");
    // The first free day is open: its three times, not the other day's.
    expect(days[0]).toHaveProperty("checked", true);
    const times = () => within(screen.getByTestId("day-slots")).getAllByRole("radio");
    expect(times().map((r) => r.getAttribute("value"))).toEqual(week.days[0]?.slots.map((s) => s.start));
    // One group for the times: a single Tab stop, moved with the arrows.
    expect(new Set(times().map((r) => r.getAttribute("name"))).size).toBe(1);

    fireEvent.click(days[1] as HTMLElement);
    expect(times().map((r) => r.getAttribute("value"))).toEqual([week.days[1]?.slots[0]?.start]);
    fireEvent.click(screen.getByLabelText("15:00"));
    expect(screen.getByTestId("chosen").textContent).toBe(week.days[1]?.slots[0]?.start);
  });
});
