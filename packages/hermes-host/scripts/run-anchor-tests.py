"""Runs the test suite of hermes-openspec (the earlier Python Hermes plugin for
OpenSpec) against this package's Hermes plugin, to measure how many of the calls
its users wrote keep working.

Its tests ``import tools`` and call ``tools.openspec_<name>(args)``, which returns
a JSON string: exactly what a Hermes tool handler is. This adapter installs our
plugin with the real installer into a temporary Hermes home, loads it the way
Hermes does (``plugin_tests/hermes_host.py``), and puts a module named ``tools``
in ``sys.modules`` whose ``openspec_*`` attributes are our registered handlers,
nothing else: a name we do not register is missing, as on a Hermes with our
plugin. ``_openspec_bin()`` (the tests' way to find the CLI for ``openspec
init``/``validate``) answers the CLI our bridge is given. Nothing of
hermes-openspec is copied here: pass the path of a checkout.

    pnpm --filter "@org/openspec-hermes-host..." build
    python3 packages/hermes-host/scripts/run-anchor-tests.py /path/to/hermes-openspec [--json report.json]

It needs pytest (the suite is written for it). A test "calls tools" when it looks
up an ``openspec_*`` name on ``tools``; the others test hermes-openspec's own
internals (its parser, its registry, its dashboard) and are listed apart. A test
module that cannot be imported here (it needs Hermes's ``hermes_constants`` or
FastAPI) is reported with the tests in it that name ``tools.openspec_``.
"""

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "plugin_tests"))

from fixtures import REAL_OPENSPEC_BIN, PluginSession  # noqa: E402

TOOL_NAME = re.compile(r"^openspec_[a-z_]+$")


class Recorder:
    """A pytest plugin: which tests looked up a tool, and how each test ended."""

    def __init__(self):
        self.current = None
        self.used = {}
        self.outcomes = {}
        self.uncollected = []

    def tool_looked_up(self, name):
        if self.current is not None:
            self.used.setdefault(self.current, set()).add(name)

    def pytest_runtest_logstart(self, nodeid, location):
        self.current = nodeid

    def pytest_runtest_logreport(self, report):
        if report.when == "call" or report.outcome != "passed":
            previous = self.outcomes.get(report.nodeid)
            if previous is None or previous["outcome"] == "passed":
                self.outcomes[report.nodeid] = {
                    "outcome": report.outcome,
                    "reason": first_line(report),
                }

    def pytest_collectreport(self, report):
        if report.failed:
            self.uncollected.append({"file": report.nodeid, "reason": first_line(report)})


def first_line(report):
    """The line that says why a test failed or was skipped: pytest's ``E`` line, or its skip reason."""
    if report.outcome == "passed":
        return ""
    if report.outcome == "skipped" and isinstance(report.longrepr, tuple):
        return str(report.longrepr[2])
    text = str(report.longrepr)
    errors = [line[1:].strip() for line in text.splitlines() if line.startswith("E ")]
    return errors[0] if errors else text.strip().splitlines()[-1]


def tools_module(session, recorder):
    """``tools`` as hermes-openspec's tests import it, served by our plugin's handlers."""
    module = types.ModuleType("tools")

    def lookup(name):
        if name == "_openspec_bin":
            return lambda: os.environ.get("OPENSPEC_BIN") or None
        if TOOL_NAME.match(name):
            recorder.tool_looked_up(name)
            tool = session.context.tools.get(name)
            if tool is not None:
                return tool.handler
        raise AttributeError(f"module 'tools' has no attribute {name!r}")

    module.__getattr__ = lookup
    return module


def tests_naming_tools(path):
    """The test functions of a file whose body names ``tools.openspec_``: for a file that cannot be imported."""
    found, current = [], None
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            match = re.match(r"def (test_\w+)", line)
            if match:
                current = match.group(1)
            elif current and "tools.openspec_" in line and current not in found:
                found.append(current)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", help="a checkout of hermes-openspec")
    parser.add_argument("--json", help="also write the report to this file")
    options = parser.parse_args()
    checkout = os.path.abspath(options.checkout)
    try:
        import pytest
    except ImportError:
        sys.exit("pytest is not installed; hermes-openspec's tests are written for it.")

    session = PluginSession()
    recorder = Recorder()
    suite = None
    try:
        sys.modules["tools"] = tools_module(session, recorder)
        # The suite imports its other modules (its parser, registry, dashboard) from its root.
        sys.path.insert(0, checkout)
        os.chdir(checkout)
        # Its tests run from a copy of its tests/ folder alone: its root holds the plugin's
        # __init__.py, which pytest 8 and later import as the tests' package before any
        # test runs, and which looks up each of its own tools on `tools` at import.
        suite = tempfile.mkdtemp(prefix="anchor-tests-")
        shutil.copytree(os.path.join(checkout, "tests"), os.path.join(suite, "tests"))
        pytest.main(
            [os.path.join(suite, "tests"), "-q", "-p", "no:cacheprovider", "--continue-on-collection-errors", "--rootdir", suite],
            plugins=[recorder],
        )
    finally:
        session.close()
        if suite is not None:
            shutil.rmtree(suite, ignore_errors=True)

    calling = {nodeid: result for nodeid, result in recorder.outcomes.items() if nodeid in recorder.used}
    report = {
        "openspec_bin": REAL_OPENSPEC_BIN,
        "tool_tests": {
            "passed": sum(1 for result in calling.values() if result["outcome"] == "passed"),
            "failed": sum(1 for result in calling.values() if result["outcome"] == "failed"),
            "skipped": sum(1 for result in calling.values() if result["outcome"] == "skipped"),
            "tests": {
                nodeid: {**result, "tools": sorted(recorder.used[nodeid])} for nodeid, result in calling.items()
            },
        },
        "not_run": [
            {**entry, "tests_naming_tools": tests_naming_tools(os.path.join(checkout, entry["file"]))}
            for entry in recorder.uncollected
        ],
        "other_tests": {nodeid: result["outcome"] for nodeid, result in recorder.outcomes.items() if nodeid not in calling},
    }
    print_report(report)
    if options.json:
        with open(options.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)


def print_report(report):
    tool_tests = report["tool_tests"]
    print("\nTests that call tools, through our plugin:")
    for nodeid, result in tool_tests["tests"].items():
        reason = f"  {result['reason']}" if result["reason"] else ""
        print(f"  {result['outcome']:7} {nodeid}{reason}")
    print(
        f"  {tool_tests['passed']} passed, {tool_tests['failed']} failed, {tool_tests['skipped']} skipped"
        f" of {len(tool_tests['tests'])}"
    )
    for entry in report["not_run"]:
        print(f"Not run: {entry['file']} ({entry['reason']}); tests in it naming tools: {', '.join(entry['tests_naming_tools'])}")
    others = report["other_tests"]
    print(f"Tests of hermes-openspec's own internals (no tool called): {len(others)}")


if __name__ == "__main__":
    main()
