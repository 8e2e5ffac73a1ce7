import { describe, expect, it } from "vitest";
import { runtimeProblem } from "./runtime.ts";

describe("runtime check", () => {
  it("accepts Node 24 and newer", () => {
    expect(runtimeProblem("24.21.0")).toBeNull();
    expect(runtimeProblem("26.1.0")).toBeNull();
  });
  it("explains how to run on Node 24 when started on an older Node", () => {
    expect(runtimeProblem("20.20.2")).toMatch(/needs Node\.js 24 or newer; this is 20\.20\.2[\s\S]*npm start/);
  });
  it("is running on a supported Node in this test", () => {
    expect(runtimeProblem(process.versions.node)).toBeNull();
  });
});
