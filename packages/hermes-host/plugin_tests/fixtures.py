"""Test homes, repositories and sample artifacts for the Python suite.

Every session gets its own HOME, XDG folders, registry file and Hermes home,
so nothing of the real user's is read or written.
"""

import atexit
import contextlib
import itertools
import json
import os
import shutil
import stat
import subprocess
import tempfile

from hermes_host import PACKAGE_ROOT, load_plugin, run_installer

REAL_OPENSPEC_BIN = os.path.realpath(
    os.path.join(PACKAGE_ROOT, "node_modules", "@fission-ai", "openspec", "bin", "openspec.js")
)
NODE_DIR = os.path.dirname(shutil.which("node") or "/usr/bin/node")
BASE_PATH = f"{NODE_DIR}:/usr/bin:/bin"

# Seed 000: the tools that need the OpenSpec CLI; every other tool works without it.
# Read from the plugin's tools.json (generated from the catalog), so a new CLI tool needs no edit here.
with open(os.path.join(PACKAGE_ROOT, "plugin", "openspec", "tools.json"), encoding="utf-8") as _file:
    _TOOLS = json.load(_file)["tools"]
    CLI_TOOLS = [tool["name"] for tool in _TOOLS if tool["requiresCli"]]
    # The CLI tools that run in a repository; openspec_source_import runs `openspec store list` in the home.
    REPOSITORY_CLI_TOOLS = [
        tool["name"]
        for tool in _TOOLS
        if tool["requiresCli"] and "workdir" in tool["parameters"].get("properties", {})
    ]

AUTH_SPEC = """# Auth

## Purpose

Let people sign in with their email address and a password they chose.

## Requirements

### Requirement: Sign in
The system SHALL sign a person in with a correct email and password.

#### Scenario: Correct password
- **GIVEN** a registered person
- **WHEN** they enter their email and password
- **THEN** they are signed in
"""

DARK_MODE_CHANGE = {
    "openspec/changes/add-dark-mode/proposal.md": (
        "# Add dark mode\n\n## Why\n\nPeople who work at night find the bright interface tiring on the eyes"
        " after an hour.\n\n## What Changes\n\n- Add a dark theme.\n"
    ),
    "openspec/changes/add-dark-mode/tasks.md": "## 1. Theme\n\n- [x] 1.1 Pick colours\n- [ ] 1.2 Ship it\n",
    "openspec/changes/add-dark-mode/design.md": "# Design\n\nUse CSS variables.\n",
    "openspec/changes/add-dark-mode/specs/ui/spec.md": (
        "## ADDED Requirements\n\n### Requirement: Dark theme\nThe interface SHALL offer a dark theme.\n\n"
        "#### Scenario: Switching\n- **WHEN** a person picks dark\n- **THEN** the interface turns dark\n"
    ),
}

CHECKOUT_SPEC = {
    "name": "checkout",
    "title": "Checkout",
    "purpose": "Let a shopper pay for the items in the cart with a saved card or a new one.",
    "requirements": [
        {
            "name": "Pay with a saved card",
            "description": "The system SHALL charge the saved card the shopper picks.",
            "scenarios": [
                {
                    "name": "Saved card accepted",
                    "steps": [
                        {"type": "WHEN", "text": "the shopper pays"},
                        {"type": "THEN", "text": "the card is charged"},
                    ],
                }
            ],
        }
    ],
}


class PluginSession:
    """A Hermes home with the plugin installed by the real installer and loaded as Hermes does."""

    def __init__(self):
        self.root = tempfile.mkdtemp(prefix="hermes-plugin-py-")
        self.home = os.path.join(self.root, "home")
        self.hermes_home = os.path.join(self.root, "hermes")
        os.makedirs(self.home)
        self._saved_env = {}
        self._names = itertools.count(1)
        self._template = None
        self._apply_env(
            {
                "HOME": self.home,
                "XDG_CONFIG_HOME": os.path.join(self.home, ".config"),
                "XDG_DATA_HOME": os.path.join(self.home, ".local", "share"),
                "OPENSPEC_AGENT_DB": os.path.join(self.home, "registry.db"),
                "PATH": BASE_PATH,
                "OPENSPEC_BIN": REAL_OPENSPEC_BIN,
                "OPENSPEC_TELEMETRY": "0",
                # Without OPENSPEC_BIN a test means a machine without the CLI.
                "OPENSPEC_AGENT_BUNDLED_CLI": "0",
                "NO_COLOR": "1",
                "HERMES_HOME": self.hermes_home,
                "OPENSPEC_AGENT_NODE": None,
                "OPENSPEC_AGENT_CLI_TIMEOUT_MS": None,
            }
        )
        self.install_result = run_installer("installHermesPlugin", {"hermesHome": self.hermes_home})
        if not self.install_result.get("ok"):
            raise RuntimeError(f"install failed: {self.install_result}")
        self.module, self.context = load_plugin(self.hermes_home)

    @property
    def bridge(self):
        return self.module.bridge.shared()

    def call(self, tool, args=None):
        """Calls a handler as Hermes does and parses the JSON string it returns."""
        answer = self.context.tools[tool].handler(args)
        if not isinstance(answer, str):
            raise AssertionError(f"{tool} returned {type(answer).__name__}, not a string")
        return json.loads(answer)

    def all_tools(self):
        return sorted(self.context.tools)

    def filesystem_tools(self):
        return sorted(set(self.context.tools) - set(CLI_TOOLS))

    def available_tools(self):
        return sorted(name for name, tool in self.context.tools.items() if tool.available())

    @contextlib.contextmanager
    def environment(self, **changes):
        """Runs with changed environment variables (None unsets) and a bridge started in it."""
        self.bridge.close()
        saved = {key: os.environ.get(key) for key in changes}
        self._set(changes)
        try:
            yield
        finally:
            self.bridge.close()
            self._set(saved)

    def repository(self, files=None, name=None):
        """A repository as `openspec init --tools none` lays it out, plus files."""
        if self._template is None:
            self._template = os.path.join(self.root, "template")
            os.makedirs(self._template)
            subprocess.run(
                [REAL_OPENSPEC_BIN, "init", "--tools", "none", "."],
                cwd=self._template,
                check=True,
                capture_output=True,
            )
        root = os.path.join(self.root, "repos", str(next(self._names)), name or "shop")
        shutil.copytree(self._template, root)
        for path, content in (files or {}).items():
            os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as handle:
                handle.write(content)
        return root

    def folder(self, name):
        path = os.path.join(self.root, "folders", f"{next(self._names)}-{name}")
        os.makedirs(path)
        return path

    def fake_openspec(self, body):
        """An executable script that stands in for the OpenSpec CLI."""
        path = os.path.join(self.folder("fake-bin"), "openspec")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(f"#!/bin/sh\n{body}\n")
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        return path

    def close(self):
        self.bridge.close()
        self._set(self._saved_env)
        shutil.rmtree(self.root, ignore_errors=True)

    def _apply_env(self, values):
        self._saved_env = {key: os.environ.get(key) for key in values}
        self._set(values)

    @staticmethod
    def _set(values):
        for key, value in values.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


_session = None


def session():
    """The plugin session of this test process, set up on first use and removed at exit."""
    global _session
    if _session is None:
        _session = PluginSession()
        atexit.register(_session.close)
    return _session


def call(tool, **args):
    """Calls a tool's handler as Hermes does; returns the parsed result."""
    return session().call(tool, args)
