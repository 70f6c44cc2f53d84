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
    counts = {"passed": result.testsRun - failed - skipped, "failed": failed, "skipped": skipped}
    with open(report_path, "w", encoding="utf-8") as handle:
        json.dump(counts, handle)


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
        counts = {"passed": 0, "failed": 1, "skipped": 0}
    return module, finished.stdout, counts


def main():
    modules = sorted(name[:-3] for name in os.listdir(HERE) if name.startswith("test_") and name.endswith(".py"))
    started = time.monotonic()
    totals = {"passed": 0, "failed": 0, "skipped": 0}
    with tempfile.TemporaryDirectory(prefix="plugin-tests-") as scratch:
        with concurrent.futures.ThreadPoolExecutor(PARALLEL_MODULES) as pool:
            for module, output, counts in pool.map(lambda name: run_in_child(name, scratch), modules):
                print(f"=== {module}\n{output}", flush=True)
                for key in totals:
                    totals[key] += counts[key]
    report = {
        "numPassedTests": totals["passed"],
        "numFailedTests": totals["failed"],
        "numPendingTests": totals["skipped"],
        "numTodoTests": 0,
        "durationSeconds": round(time.monotonic() - started, 1),
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
