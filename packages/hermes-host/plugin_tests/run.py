"""Runs the Python suite and writes test-results.python.json for the repository's test summary.

Each test module runs in its own process, a few at a time: the modules change
environment variables that the bridge inherits, so they cannot share one, and
most of their time is spent waiting on the OpenSpec CLI.
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPORT = os.path.join(os.path.dirname(HERE), "test-results.python.json")
PARALLEL_MODULES = 3


def run_module(module, report_path):
    """Runs one module's tests here, writing its counts to report_path."""
    sys.path.insert(0, HERE)
    suite = unittest.defaultTestLoader.loadTestsFromName(module)
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    skipped = len(result.skipped) + len(result.expectedFailures)
    counts = {
        "passed": result.testsRun - failed - skipped,
        "failed": failed,
        "skipped": skipped,
        "failures": [describe_failure(module, test, trace) for test, trace in result.failures + result.errors]
        + [describe_failure(module, test, "unexpected success") for test in result.unexpectedSuccesses],
    }
    with open(report_path, "w", encoding="utf-8") as handle:
        json.dump(counts, handle)


def describe_failure(module, test, trace):
    """One failure as the repository's test summary names it: file, test and the error's own line."""
    lines = [line.strip() for line in trace.splitlines() if line.strip()]
    return {"file": f"plugin_tests/{module}.py", "name": test.id(), "message": lines[-1] if lines else ""}


def run_in_child(module, scratch):
    report_path = os.path.join(scratch, f"{module}.json")
    finished = subprocess.run(
        [sys.executable, __file__, "--module", module, "--report", report_path],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        with open(report_path, encoding="utf-8") as handle:
            counts = json.load(handle)
    except (OSError, ValueError):
        # The module did not even load: count it as one failure so it cannot go unnoticed.
        lines = [line for line in finished.stdout.splitlines() if line.strip()]
        counts = {
            "passed": 0,
            "failed": 1,
            "skipped": 0,
            "failures": [{"file": f"plugin_tests/{module}.py", "name": "", "message": lines[-1] if lines else ""}],
        }
    return module, finished.stdout, counts


def main():
    modules = sorted(name[:-3] for name in os.listdir(HERE) if name.startswith("test_") and name.endswith(".py"))
    started = time.monotonic()
    totals = {"passed": 0, "failed": 0, "skipped": 0}
    failures = []
    with tempfile.TemporaryDirectory(prefix="plugin-tests-") as scratch:
        with concurrent.futures.ThreadPoolExecutor(PARALLEL_MODULES) as pool:
            for module, output, counts in pool.map(lambda name: run_in_child(name, scratch), modules):
                print(f"=== {module}\n{output}", flush=True)
                for key in totals:
                    totals[key] += counts[key]
                failures.extend(counts.get("failures", []))
    report = {
        "numPassedTests": totals["passed"],
        "numFailedTests": totals["failed"],
        "numPendingTests": totals["skipped"],
        "numTodoTests": 0,
        "durationSeconds": round(time.monotonic() - started, 1),
        "failures": failures,
    }
    with open(REPORT, "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=2)
        handle.write("\n")
    print(
        f"Python suite: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped"
        f" in {report['durationSeconds']} s -> {REPORT}"
    )
    return 0 if totals["failed"] == 0 and totals["passed"] > 0 else 1


if __name__ == "__main__":
    arguments = argparse.ArgumentParser(description=__doc__)
    arguments.add_argument("--module", help="run only this test module, in this process")
    arguments.add_argument("--report", help="where --module writes its counts")
    options = arguments.parse_args()
    if options.module:
        run_module(options.module, options.report)
    else:
        sys.exit(main())
