import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { isCompleteOtp, OtpInput } from "./OtpInput.tsx";

function Harness({ onValue }: { onValue?: (value: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <OtpInput
      label="Codice di verifica"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

const box = (n: number) => screen.getByLabelText(`Cifra ${n} di 6`) as HTMLInputElement;

describe("one-time-code input (spec 001 §5)", () => {
  it("has six numeric boxes, each labelled, in a named group", () => {
    render(<Harness />);
    expect(screen.getByRole("group", { name: "Codice di verifica" })).toBeTruthy();
    for (let n = 1; n <= 6; n++) {
      expect(box(n).getAttribute("inputmode")).toBe("numeric");
    }
    expect(box(1).getAttribute("autocomplete")).toBe("one-time-code");
  });

  it("moves to the next box on each digit and refuses anything else", () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: "4" } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: "x" } });
    expect(box(2).value).toBe("");
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: "2" } });
    expect(document.activeElement).toBe(box(3));
    expect(onValue).toHaveBeenLastCalledWith("42");
  });

  it("fills every box from a pasted code and keeps only its digits", () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => "12 34-56" } });
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join("")).toBe("123456");
    expect(onValue).toHaveBeenLastCalledWith("123456");
    expect(isCompleteOtp("123456")).toBe(true);
    expect(document.activeElement).toBe(box(6));
  });

  it("goes back with Backspace and keeps the other digits in place", () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => "123456" } });
    box(3).focus();
    fireEvent.keyDown(box(3), { key: "Backspace" });
    expect(box(3).value).toBe("");
    expect(box(4).value).toBe("4");
    expect(onValue).toHaveBeenLastCalledWith("12 456");
    expect(isCompleteOtp("12 456")).toBe(false);
    fireEvent.keyDown(box(3), { key: "Backspace" });
    expect(box(2).value).toBe("");
    expect(document.activeElement).toBe(box(2));
    fireEvent.keyDown(box(2), { key: "ArrowRight" });
    expect(document.activeElement).toBe(box(3));
  });
});
