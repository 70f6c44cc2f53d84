// Names what failed in one package's test report, so the closing summary of `pnpm test` can say
// which tests to open instead of leaving the user to search thousands of log lines.
// Vitest's JSON report lists each file with its tests; a file that failed outside any test (an
// import error, a failing beforeAll) has a message and no failed test. Other runners' reports
// (the Python suite's) carry a `failures` list of `{ file, name, message }` of their own.
import { relative } from "node:path";

// Terminal colour codes that some error messages carry.
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** The first non-empty line of an error message, without colour codes. */
function firstLine(message) {
  const text = String(message ?? "").replace(COLOUR, "");
  return (
    text
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line.length > 0) ?? ""
  );
}

/**
 * Each failure in one report as `{ file, name, message }`: `file` relative to the package folder,
 * `name` the test's full name ("" for a failure of the file itself), `message` one line, and
 * `uncounted: true` where the report's own failed count leaves the failure out.
 */
export function failuresIn(report, packageDir) {
  if (Array.isArray(report.failures)) {
    return report.failures.map((failure) => ({
      file: String(failure.file ?? ""),
      name: String(failure.name ?? ""),
      message: firstLine(failure.message),
    }));
  }
  const failures = [];
  for (const file of report.testResults ?? []) {
    const path = file.name ? relative(packageDir, file.name) : "";
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) {
      failures.push({
        file: path,
        name: test.fullName ?? test.title ?? "",
        message: firstLine(test.failureMessages?.[0]),
      });
    }
    if (file.status === "failed" && failedTests.length === 0) {
      // Vitest counts such a file's tests as skipped, not failed: say so, so the total can count it.
      failures.push({ file: path, name: "", message: firstLine(file.message), uncounted: true });
    }
  }
  return failures;
}
