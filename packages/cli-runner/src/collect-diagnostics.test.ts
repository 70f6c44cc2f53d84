import { describe, expect, it } from "vitest";
import { collectDiagnostics } from "./collect-diagnostics.js";
import type { JsonDocument, JsonValue } from "./parse-cli-json.js";

describe("collectDiagnostics", () => {
  it("GIVEN a failure payload without root WHEN collecting THEN returns the top-level diagnostic with only the keys it has", () => {
    const document = {
      status: [{ severity: "error", code: "unknown_item", message: "Unknown item 'x'." }],
    };
    expect(collectDiagnostics(document)).toEqual([
      { severity: "error", code: "unknown_item", message: "Unknown item 'x'." },
    ]);
  });

  it("GIVEN a doctor payload with findings at several levels WHEN collecting THEN returns all of them in document order", () => {
    const document = {
      root: {
        path: "/r",
        status: [
          { severity: "warning", code: "root_pointer_ignored", message: "a", target: "root" },
        ],
      },
      store: {
        id: "s",
        status: [{ severity: "info", code: "store_checkout_drift", message: "b" }],
      },
      references: [],
      status: [{ severity: "error", code: "doctor_failed", message: "c", fix: "run it again" }],
    };
    expect(collectDiagnostics(document).map((entry) => entry.code)).toEqual([
      "doctor_failed",
      "root_pointer_ignored",
      "store_checkout_drift",
    ]);
  });

  it("GIVEN list output whose per-change status is a string WHEN collecting THEN nothing is mistaken for a diagnostic", () => {
    const document = { changes: [{ name: "a", status: "in-progress" }], root: { path: "/r" } };
    expect(collectDiagnostics(document)).toEqual([]);
  });

  it("GIVEN status entries of unknown shape WHEN collecting THEN only well-formed entries are kept and non-string extras are dropped", () => {
    const document: JsonDocument = {
      status: [
        "text",
        { code: "no_severity", message: "m" },
        { severity: "error", code: "ok_code", message: "m", target: 3, fix: null },
      ],
    };
    expect(collectDiagnostics(document)).toEqual([
      { severity: "error", code: "ok_code", message: "m" },
    ]);
  });

  it("GIVEN a document nested a hundred thousand levels deep WHEN collecting THEN it finishes without overflowing the stack", () => {
    let document: JsonValue[] = [];
    for (let depth = 0; depth < 100_000; depth += 1) document = [document];
    expect(collectDiagnostics(document)).toEqual([]);
  });
});
