"""Handlers never raise, the shared bridge survives threads and crashes, and it dies with its parent."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
import unittest

from fixtures import CHECKOUT_SPEC, CLI_TOOLS, DARK_MODE_CHANGE, call, session
from hermes_host import PACKAGE_ROOT

def is_running(pid):
    """True while the process exists and is not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_until(condition, seconds=15.0):
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.05)
    return condition()


def circular():
    junk = {"identifier": "x"}
    junk["self"] = junk
    return junk


def deeply_nested():
    junk = []
    for _ in range(100_000):
        junk = [junk]
    return {"identifier": junk}


GARBAGE = {
    "a list": ["openspec_context", {"identifier": "x"}],
    "a string": "identifier=shop",
    "a number": 42,
    "nested junk": {"identifier": {"a": [1, {"b": None}]}, "workdir": ["/"], "unexpected": {"deep": [[[]]]}},
    "a set": {"identifier": {"not", "json"}},
    "NaN": {"identifier": float("nan")},
    "an object": {"identifier": object()},
    "bytes": {"identifier": b"\xff\xfe"},
    "a circular dict": circular(),
    "a 100000-deep list": deeply_nested(),
}


class GarbageArguments(unittest.TestCase):
    def test_given_garbage_arguments_when_any_handler_is_called_then_it_returns_a_json_string_with_ok_false(self):
        for label, args in GARBAGE.items():
            for name, tool in session().context.tools.items():
                with self.subTest(tool=name, args=label):
                    answer = tool.handler(args)
                    self.assertIsInstance(answer, str)
                    result = json.loads(answer)
                    self.assertIs(result["ok"], False)
                    self.assertEqual(result["code"], "invalid_input")
                    self.assertTrue(result["error"])

    def test_given_no_arguments_when_handlers_are_called_then_each_answers_and_only_the_argument_free_tools_succeed(self):
        # Listing the sources, and listing or importing the home's OpenSpec stores (there are none in the test home).
        argument_free = ("openspec_source_list", "openspec_source_import", "openspec_store_list")
        for name, tool in session().context.tools.items():
            with self.subTest(tool=name):
                result = json.loads(tool.handler(None))
                self.assertIs(result["ok"], name in argument_free, result)


class SharedBridge(unittest.TestCase):
    def test_given_8_threads_calling_at_once_when_answers_come_back_then_each_caller_gets_its_own_through_one_bridge(self):
        repositories = [session().repository(DARK_MODE_CHANGE, f"threads-{index}") for index in range(8)]
        call("openspec_source_list")
        pid_before = session().bridge.pid()
        answers = [None] * 8
        start = threading.Barrier(8)

        def work(index):
            start.wait()
            spec = {**CHECKOUT_SPEC, "name": f"spec-{index}", "title": f"Spec number {index}"}
            created = call("openspec_spec_create", workdir=repositories[index], **spec)
            listed = call("openspec_list", workdir=repositories[index]) if index % 4 == 0 else None
            shown = call("openspec_spec_show", workdir=repositories[index], name=f"spec-{index}")
            answers[index] = (created, listed, shown)

        threads = [threading.Thread(target=work, args=(index,)) for index in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        for index, (created, listed, shown) in enumerate(answers):
            self.assertEqual(created["path"], f"openspec/specs/spec-{index}/spec.md")
            self.assertEqual(shown["title"], f"Spec number {index}")
            if listed is not None:
                self.assertEqual(listed["workdir"], repositories[index])
        self.assertEqual(session().bridge.pid(), pid_before)

    def test_given_the_bridge_was_killed_between_calls_when_the_next_call_comes_then_a_new_bridge_answers_it(self):
        self.assertIs(call("openspec_source_list")["ok"], True)
        killed = session().bridge.pid()
        os.kill(killed, signal.SIGKILL)
        # Reaped, not just a zombie: a dying multi-threaded process can show as a zombie
        # while its other threads still hold its stdin open.
        self.assertTrue(wait_until(lambda: not os.path.exists(f"/proc/{killed}")))
        answer = call("openspec_source_list")
        self.assertIs(answer["ok"], True, answer)
        self.assertNotIn(session().bridge.pid(), (None, killed))

    def test_given_a_bridge_that_no_longer_takes_requests_when_the_next_call_comes_then_a_new_bridge_answers_it(self):
        # What a killed bridge looks like in the moment its exit is being reaped: still
        # "running" to poll(), but its stdin refuses every line.
        self.assertIs(call("openspec_source_list")["ok"], True)
        stale = session().bridge.pid()
        session().bridge._connection.process.stdin.close()
        answer = call("openspec_source_list")
        self.assertIs(answer["ok"], True, answer)
        self.assertNotIn(session().bridge.pid(), (None, stale))

    def test_given_the_bridge_is_killed_during_a_call_when_that_call_ends_then_it_reports_bridge_exited_and_the_next_call_recovers(self):
        root = session().repository()
        started = os.path.join(session().folder("marker"), "started")
        slow = session().fake_openspec(f'touch "{started}"\nexec sleep 20')
        # The fake marks its start outside the repository, which a confined run could not reach.
        with session().environment(OPENSPEC_BIN=slow, OPENSPEC_AGENT_CONFINE="off"):
            self.assertIs(call("openspec_source_list")["ok"], True)
            victim = session().bridge.pid()
            outcome = {}
            caller = threading.Thread(
                target=lambda: outcome.update(call("openspec_list", workdir=root))
            )
            caller.start()
            self.assertTrue(wait_until(lambda: os.path.exists(started)))
            os.kill(victim, signal.SIGKILL)
            caller.join(30)
            self.assertEqual((outcome["ok"], outcome["code"]), (False, "bridge_exited"))
            self.assertIn("call the tool again", outcome["fix"].lower())
            self.assertIs(call("openspec_source_list")["ok"], True)


class BridgeUnavailable(unittest.TestCase):
    def test_given_node_is_not_executable_when_a_handler_or_check_fn_runs_then_it_answers_bridge_unavailable_and_false(self):
        with session().environment(OPENSPEC_AGENT_NODE="/nowhere/node"):
            result = call("openspec_context", identifier="shop")
            self.assertEqual((result["ok"], result["code"]), (False, "bridge_unavailable"))
            self.assertIn("OPENSPEC_AGENT_NODE", result["fix"])
            self.assertIs(session().context.tools["openspec_list"].check_fn(), False)
            self.assertEqual(session().available_tools(), session().filesystem_tools())

    def test_given_a_node_that_exits_at_once_when_a_handler_runs_then_it_answers_bridge_unavailable_with_the_exit(self):
        broken = session().fake_openspec("echo 'cannot start' >&2\nexit 3")
        with session().environment(OPENSPEC_AGENT_NODE=broken):
            result = call("openspec_source_list")
        self.assertEqual((result["ok"], result["code"]), (False, "bridge_unavailable"))
        self.assertIn("exit code 3", result["error"])
        self.assertIn("cannot start", result["error"])
        self.assertIs(call("openspec_source_list")["ok"], True)

    def test_given_the_bridge_answers_when_check_fn_runs_then_it_is_true_for_every_cli_tool(self):
        for name in CLI_TOOLS:
            self.assertIs(session().context.tools[name].check_fn(), True, name)


class ParentDeath(unittest.TestCase):
    def test_given_a_python_host_that_started_the_bridge_when_it_is_killed_with_sigkill_then_the_bridge_exits(self):
        host = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import sys, time\n"
                "sys.path.insert(0, sys.argv[1])\n"
                "from hermes_host import load_plugin\n"
                "module, context = load_plugin(sys.argv[2])\n"
                "context.tools['openspec_source_list'].handler({})\n"
                "print(module.bridge.shared().pid(), flush=True)\n"
                "time.sleep(600)\n",
                os.path.join(PACKAGE_ROOT, "plugin_tests"),
                session().hermes_home,
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            bridge_pid = int(host.stdout.readline())
            self.assertTrue(is_running(bridge_pid))
            host.send_signal(signal.SIGKILL)
            host.wait(10)
            self.assertTrue(wait_until(lambda: not is_running(bridge_pid)))
        finally:
            host.kill()
            host.wait()
            host.stdout.close()


if __name__ == "__main__":
    unittest.main()
