import { BOOKING_MESSAGES } from "@cura/domain";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { addDaysIso, todayIso } from "../dates.ts";
import {
  completePreferences,
  emptyPreferences,
  PreferencePicker,
  type PreferenceRow,
  preferencesError,
} from "./PreferencePicker.tsx";

function Harness({ onState }: { onState?: (rows: PreferenceRow[], none: boolean) => void }) {
  const [rows, setRows] = useState<PreferenceRow[]>(emptyPreferences());
  const [none, setNone] = useState(false);
  return (
    <PreferencePicker
      rows={rows}
      none={none}
      showError
      onChange={(nextRows, nextNone) => {
        setRows(nextRows);
        setNone(nextNone);
        onState?.(nextRows, nextNone);
      }}
    />
  );
}

const tomorrow = addDaysIso(todayIso(), 1);

function fillRow(n: number, date: string, slot: string) {
  fireEvent.change(screen.getByLabelText(`Data della preferenza ${n}`), { target: { value: date } });
  fireEvent.change(screen.getByLabelText(`Fascia oraria della preferenza ${n}`), { target: { value: slot } });
}

describe("PreferencePicker (spec 001 screen 14)", () => {
  it("asks for at least 3 preferences with a time of day, or no preference", () => {
    let last: { rows: PreferenceRow[]; none: boolean } = { rows: [], none: false };
    render(<Harness onState={(rows, none) => (last = { rows, none })} />);
    expect(screen.getAllByTestId("preference-row")).toHaveLength(3);
    expect(screen.getByRole("alert").textContent).toBe(BOOKING_MESSAGES.preferencesMin);

    fillRow(1, tomorrow, "mattina");
    fillRow(2, addDaysIso(tomorrow, 1), "pomeriggio");
    // A date without its time of day does not count.
    fireEvent.change(screen.getByLabelText("Data della preferenza 3"), { target: { value: addDaysIso(tomorrow, 2) } });
    expect(screen.getByRole("alert").textContent).toBe(BOOKING_MESSAGES.preferencesMin);
    fireEvent.change(screen.getByLabelText("Fascia oraria della preferenza 3"), { target: { value: "sera" } });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(completePreferences(last.rows)).toEqual([
      { date: tomorrow, slot: "mattina" },
      { date: addDaysIso(tomorrow, 1), slot: "pomeriggio" },
      { date: addDaysIso(tomorrow, 2), slot: "sera" },
    ]);

    // The same date and time twice is refused.
    fillRow(3, tomorrow, "mattina");
    expect(screen.getByRole("alert").textContent).toBe(BOOKING_MESSAGES.preferenceRepeated);
  });

  it("adds and removes rows, never fewer than 3, and 'no preference' disables them", () => {
    render(<Harness />);
    expect(screen.getByRole("button", { name: "Rimuovi la preferenza 1" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi una preferenza" }));
    expect(screen.getAllByTestId("preference-row")).toHaveLength(4);
    fireEvent.click(screen.getByRole("button", { name: "Rimuovi la preferenza 4" }));
    expect(screen.getAllByTestId("preference-row")).toHaveLength(3);

    fireEvent.click(screen.getByLabelText("Nessuna preferenza: va bene qualsiasi data"));
    expect(screen.queryByRole("alert")).toBeNull();
    const first = screen.getAllByTestId("preference-row")[0] as HTMLElement;
    expect(within(first).getByLabelText("Data della preferenza 1").hasAttribute("disabled")).toBe(true);
  });

  it("refuses past dates", () => {
    const rows: PreferenceRow[] = [
      { date: addDaysIso(todayIso(), -1), slot: "mattina" },
      { date: tomorrow, slot: "mattina" },
      { date: tomorrow, slot: "sera" },
    ];
    expect(preferencesError(rows, false)).toBe(BOOKING_MESSAGES.preferencePast);
    expect(preferencesError(rows, true)).toBeNull();
    expect(preferencesError(rows.slice(1), false)).toBe(BOOKING_MESSAGES.preferencesMin);
  });
});
