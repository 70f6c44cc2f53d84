"""The Node bridge as Python sees it: one long-lived ``node bridge.js`` process.

The process is started on first use and shared by every thread. Requests go
out as JSON lines ``{id, tool, args}`` (or ``{id, op}``); one reader thread
routes each answer ``{id, result}`` to the caller waiting for that id. A
bridge that died is started again on the next request, once per request, and
the bridge is stopped when Python exits. Nothing here raises: every problem
becomes an ``{"ok": false, "code", "error", "fix"}`` result.
"""

import atexit
import collections
import itertools
import json
import logging
import os
import shutil
import subprocess
import threading
import time

# Longer than the OpenSpec CLI's own 120 s limit, so a slow CLI run reports its own timeout.
CALL_TIMEOUT_SECONDS = 150.0
START_TIMEOUT_SECONDS = 20.0
CLI_STATUS_TIMEOUT_SECONDS = 15.0
# Hermes caches check_fn itself (about 30 s); this only spares the bridge a burst of identical asks.
CLI_STATUS_TTL_SECONDS = 3.0

_PLUGIN_DIR = os.path.dirname(os.path.abspath(__file__))
_NOT_SENT = object()
_log = logging.getLogger(__name__)

_REINSTALL_FIX = (
    "Build and install the plugin again: pnpm --filter @org/openspec-hermes-host... build, "
    "then openspec-agent hermes install."
)


def failure(code, error, fix):
    return {"ok": False, "code": code, "error": error, "fix": fix}


def locate_bridge(env):
    """The command that starts the bridge, as ``(argv, None)``, or ``(None, failure)``."""
    recorded = _read_bridge_json()
    entry = recorded.get("bridge")
    if not isinstance(entry, str) or not entry:
        # Running from the repository: the plugin folder sits two levels below the package root.
        entry = os.path.join(os.path.realpath(_PLUGIN_DIR), "..", "..", "dist", "bundle", "bridge.js")
    entry = os.path.normpath(entry)
    if not os.path.isfile(entry):
        return None, failure("bridge_unavailable", f"The OpenSpec bridge is missing: {entry}.", _REINSTALL_FIX)
    node, problem = _find_node(env, recorded.get("node"))
    if node is None:
        return None, problem
    return [node, entry], None


def bridge_environment(environ):
    """Hermes's environment for the bridge, plus the registry file the installer recorded.

    ``openspec-agent --db FILE hermes install`` records FILE as ``registry`` in
    bridge.json; it wins over an ``OPENSPEC_AGENT_DB`` Hermes happens to have,
    as an MCP client's ``env`` block does. Without it the bridge reads
    ``OPENSPEC_AGENT_DB`` or uses the default file.
    """
    env = dict(environ)
    registry = _read_bridge_json().get("registry")
    if isinstance(registry, str) and registry:
        env["OPENSPEC_AGENT_DB"] = registry
    return env


def _read_bridge_json():
    try:
        with open(os.path.join(_PLUGIN_DIR, "bridge.json"), encoding="utf-8") as handle:
            recorded = json.load(handle)
    except (OSError, ValueError):
        return {}
    return recorded if isinstance(recorded, dict) else {}


def _find_node(env, recorded_node):
    chosen = env.get("OPENSPEC_AGENT_NODE")
    if chosen:
        if _is_executable(chosen):
            return chosen, None
        return None, failure(
            "bridge_unavailable",
            f"OPENSPEC_AGENT_NODE is {chosen}, which is not an executable file.",
            "Point OPENSPEC_AGENT_NODE at a Node.js 22.12+ executable, or unset it to use the one on PATH.",
        )
    if isinstance(recorded_node, str) and _is_executable(recorded_node):
        return recorded_node, None
    found = shutil.which("node", path=env.get("PATH"))
    if found:
        return found, None
    return None, failure(
        "bridge_unavailable",
        "Node.js was not found, so the OpenSpec bridge cannot start.",
        "Install Node.js 22.12 or newer, or set OPENSPEC_AGENT_NODE to the node executable.",
    )


def _is_executable(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


class _Waiter:
    __slots__ = ("event", "answer")

    def __init__(self):
        self.event = threading.Event()
        self.answer = None


class _Connection:
    """One running bridge process: writes under a lock, answers routed to waiters by id."""

    def __init__(self, argv, env):
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
            # Its own session, so a Ctrl-C meant for Hermes does not kill the shared bridge.
            start_new_session=True,
        )
        self.stderr_tail = collections.deque(maxlen=20)
        self._write_lock = threading.Lock()
        self._waiters = {}
        self._waiters_lock = threading.Lock()
        self._ended = False
        threading.Thread(target=self._read_answers, name="openspec-bridge", daemon=True).start()
        self._stderr_reader = threading.Thread(target=self._read_stderr, name="openspec-bridge", daemon=True)
        self._stderr_reader.start()

    def alive(self):
        return not self._ended and self.process.poll() is None

    def send(self, request_id, line, timeout):
        """The answer's result, a failure, or _NOT_SENT when the request never reached the bridge."""
        waiter = _Waiter()
        with self._waiters_lock:
            if self._ended:
                return _NOT_SENT
            self._waiters[request_id] = waiter
        try:
            with self._write_lock:
                self.process.stdin.write(line + "\n")
                self.process.stdin.flush()
        except (OSError, ValueError):
            with self._waiters_lock:
                self._waiters.pop(request_id, None)
                # A bridge that cannot take a line is gone. Its exit may not show yet:
                # while the reader thread reaps it, poll() answers None.
                self._ended = True
            return _NOT_SENT
        if waiter.event.wait(timeout):
            return waiter.answer
        with self._waiters_lock:
            self._waiters.pop(request_id, None)
        return failure(
            "bridge_timeout",
            f"The OpenSpec bridge did not answer within {timeout:.0f} s.",
            "Try again; if it keeps happening, restart Hermes and check its log for 'openspec bridge'.",
        )

    def describe_end(self):
        code = self.process.poll()
        if code is not None:
            # What it said last is often the reason; let the reader catch up with it.
            self._stderr_reader.join(1.0)
        tail = " | ".join(list(self.stderr_tail)[-5:])
        return f"exit code {code}" + (f"; it said: {tail}" if tail else "")

    def close(self, grace_seconds=2.0):
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(grace_seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)

    def _read_answers(self):
        for line in self.process.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                _log.info("openspec bridge wrote a line that is not JSON: %.200s", line)
                continue
            if not isinstance(message, dict):
                continue
            with self._waiters_lock:
                waiter = self._waiters.pop(message.get("id"), None)
            if waiter is None:
                continue
            result = message.get("result")
            waiter.answer = result if isinstance(result, dict) else failure(
                "bridge_protocol",
                "The OpenSpec bridge sent an answer without a result object.",
                _REINSTALL_FIX,
            )
            waiter.event.set()
        self.process.wait()
        with self._waiters_lock:
            self._ended = True
            waiters = list(self._waiters.values())
            self._waiters.clear()
        for waiter in waiters:
            waiter.answer = failure(
                "bridge_exited",
                f"The OpenSpec bridge stopped before it answered ({self.describe_end()}).",
                "Call the tool again; the bridge is restarted on the next call.",
            )
            waiter.event.set()

    def _read_stderr(self):
        for line in self.process.stderr:
            line = line.rstrip()
            if line:
                self.stderr_tail.append(line)
                _log.info("%s", line)


class Bridge:
    """The shared bridge: started on first use, restarted when it died, closed at exit."""

    def __init__(self, call_timeout=CALL_TIMEOUT_SECONDS):
        self.call_timeout = call_timeout
        self._lock = threading.Lock()
        self._connection = None
        self._ids = itertools.count(1)
        self._cli_status = None

    def call_tool(self, name, args):
        request_id = f"t{next(self._ids)}"
        try:
            line = json.dumps(
                {"id": request_id, "tool": name, "args": {} if args is None else args},
                allow_nan=False,
                ensure_ascii=False,
            )
        except (TypeError, ValueError, RecursionError) as error:
            return failure(
                "invalid_input",
                f"The arguments for {name} cannot be sent as JSON: {error}.",
                "Pass a JSON object with the tool's parameters.",
            )
        return self._request(request_id, line, self.call_timeout)

    def cli_available(self):
        cached = self._cli_status
        now = time.monotonic()
        if cached is not None and now - cached[0] < CLI_STATUS_TTL_SECONDS:
            return cached[1]
        available = self.operation("cli_status", CLI_STATUS_TIMEOUT_SECONDS).get("ok") is True
        self._cli_status = (now, available)
        return available

    def operation(self, op, timeout):
        request_id = f"o{next(self._ids)}"
        return self._request(request_id, json.dumps({"id": request_id, "op": op}), timeout)

    def pid(self):
        """The running bridge's process id, or None."""
        connection = self._connection
        return connection.process.pid if connection is not None and connection.alive() else None

    def close(self):
        with self._lock:
            connection, self._connection = self._connection, None
            self._cli_status = None
        if connection is not None:
            connection.close()

    def _request(self, request_id, line, timeout):
        # A request that never reached the bridge is safe to send to a fresh one, once;
        # one that did may have had effects, so its lost answer is reported instead.
        for _attempt in range(2):
            connection = self._running_connection()
            if isinstance(connection, dict):
                return connection
            answer = connection.send(request_id, line, timeout)
            if answer is not _NOT_SENT:
                return answer
        return failure(
            "bridge_unavailable",
            f"The OpenSpec bridge stopped twice while taking a request ({connection.describe_end()}).",
            _REINSTALL_FIX,
        )

    def _running_connection(self):
        with self._lock:
            if self._connection is not None and self._connection.alive():
                return self._connection
            if self._connection is not None:
                self._connection.close(0)
                self._connection = None
            started = self._start()
            if isinstance(started, _Connection):
                self._connection = started
            return started

    def _start(self):
        env = bridge_environment(os.environ)
        argv, problem = locate_bridge(env)
        if problem is not None:
            return problem
        try:
            connection = _Connection(argv, env)
        except OSError as error:
            return failure("bridge_unavailable", f"The OpenSpec bridge could not start: {error}.", _REINSTALL_FIX)
        answer = connection.send("start", json.dumps({"id": "start", "op": "ping"}), START_TIMEOUT_SECONDS)
        if isinstance(answer, dict) and answer.get("pong") is True:
            return connection
        connection.close(0)
        return failure(
            "bridge_unavailable",
            f"The OpenSpec bridge ({' '.join(argv)}) did not start ({connection.describe_end()}).",
            _REINSTALL_FIX,
        )


_shared = None
_shared_lock = threading.Lock()


def shared():
    """The bridge every handler of this process uses."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = Bridge()
            atexit.register(_shared.close)
        return _shared
