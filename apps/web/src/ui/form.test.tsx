import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TextField } from "./form.tsx";

describe("TextField", () => {
  it("is a text input by default, the type Bootstrap Italia draws an underline for (issue 16)", () => {
    render(<TextField label="Nome" name="name" />);
    expect(screen.getByLabelText("Nome").getAttribute("type")).toBe("text");
  });

  it("keeps the type its caller asks for", () => {
    render(<TextField label="E-mail" name="email" type="email" />);
    expect(screen.getByLabelText("E-mail").getAttribute("type")).toBe("email");
  });
});
