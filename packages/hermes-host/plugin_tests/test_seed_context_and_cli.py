"""Seed 000, part 1: context resolution, CLI gating and the CLI execution contract, through the Python handlers,
the bridge and the real CLI."""

import os
import unittest

from fixtures import (
    AUTH_SPEC,
    BASE_PATH,
    CLI_TOOLS,
    REPOSITORY_CLI_TOOLS,
    DARK_MODE_CHANGE,
    REAL_OPENSPEC_BIN,
    call, session,
)

def registered(files=None, name="shop", vanity=None):
    """A repository registered as a source; returns its path."""
    root = session().repository(files, name)
    added = call("openspec_source_add", path=root, **({"name": vanity} if vanity else {}))
    assert added["ok"], added
    return root


class ContextResolution(unittest.TestCase):
    """Requirement: Registered-source context resolution."""

    def test_given_a_vanity_name_when_context_is_called_with_it_then_returns_path_workdir_hint_changes_and_specs_with_tokens(self):
        root = registered({**DARK_MODE_CHANGE, "openspec/specs/auth/spec.md": AUTH_SPEC}, "vanity-repo", "webshop")
        result = call("openspec_context", identifier="webshop")
        self.assertIs(result["ok"], True)
        self.assertEqual((result["name"], result["path"], result["workdir"]), ("webshop", root, root))
        self.assertIsInstance(result["hint"], str)
        self.assertEqual([(c["name"], c["token"]) for c in result["changes"]], [("add-dark-mode", "os_243ec3")])
        self.assertEqual([s["path"] for s in result["specs"]], ["auth/spec.md"])
        self.assertRegex(result["specs"][0]["token"], r"^os_[0-9a-f]{6}$")

    def test_given_no_vanity_name_when_context_is_called_with_the_basename_in_another_case_then_it_resolves(self):
        root = registered(name="Payments")
        self.assertEqual(call("openspec_context", identifier="payments")["path"], root)

    def test_given_an_active_change_when_context_is_called_with_its_token_then_returns_its_artifacts(self):
        registered(DARK_MODE_CHANGE, "active-change")
        change = call("openspec_context", identifier="active-change/os_243ec3")["change"]
        self.assertEqual((change["name"], change["archived"]), ("add-dark-mode", False))
        self.assertEqual(change["proposal"], DARK_MODE_CHANGE["openspec/changes/add-dark-mode/proposal.md"])
        self.assertEqual(change["tasks"], DARK_MODE_CHANGE["openspec/changes/add-dark-mode/tasks.md"])
        self.assertEqual(change["design"], DARK_MODE_CHANGE["openspec/changes/add-dark-mode/design.md"])
        self.assertEqual(
            [(s["path"], s["content"]) for s in change["specs"]],
            [("specs/ui/spec.md", DARK_MODE_CHANGE["openspec/changes/add-dark-mode/specs/ui/spec.md"])],
        )

    def test_given_an_archived_change_when_context_is_called_with_its_token_then_archived_is_true(self):
        registered({"openspec/changes/archive/add-dark-mode/proposal.md": "# Old\n"}, "archived-change")
        change = call("openspec_context", identifier="archived-change/os_243ec3")["change"]
        self.assertEqual((change["archived"], change["proposal"], change["tasks"]), (True, "# Old\n", None))

    def test_given_a_spec_when_context_is_called_with_its_token_then_returns_its_path_and_content(self):
        registered({"openspec/specs/agent-tools/spec.md": AUTH_SPEC}, "spec-token")
        result = call("openspec_context", identifier="spec-token/os_a59eca")
        self.assertEqual(result["spec"]["path"], "agent-tools/spec.md")
        self.assertEqual(result["spec"]["content"], AUTH_SPEC)

    def test_when_context_is_called_with_an_unknown_source_then_ok_is_false_and_the_error_names_it(self):
        result = call("openspec_context", identifier="nowhere")
        self.assertEqual((result["ok"], result["code"]), (False, "source_not_found"))
        self.assertIn("nowhere", result["error"])

    def test_when_context_is_called_with_an_unknown_token_then_ok_is_false_and_the_error_names_it(self):
        registered(name="unknown-token")
        result = call("openspec_context", identifier="unknown-token/os_abcdef")
        self.assertEqual((result["ok"], result["code"]), (False, "artifact_not_found"))
        self.assertIn("os_abcdef", result["error"])


class CliGating(unittest.TestCase):
    """Requirement: CLI-backed tool gating, decided by check_fn as Hermes builds its tool list."""

    def test_given_openspec_bin_when_hermes_lists_tools_then_the_cli_tools_are_available(self):
        with session().environment(OPENSPEC_BIN=REAL_OPENSPEC_BIN):
            self.assertEqual(session().available_tools(), session().all_tools())

    def test_given_openspec_on_path_when_hermes_lists_tools_then_the_cli_tools_are_available(self):
        bin_dir = session().folder("path-bin")
        os.symlink(REAL_OPENSPEC_BIN, os.path.join(bin_dir, "openspec"))
        with session().environment(OPENSPEC_BIN=None, PATH=f"{bin_dir}:{BASE_PATH}"):
            self.assertEqual(session().available_tools(), session().all_tools())

    def test_given_the_npm_global_binary_when_hermes_lists_tools_then_the_cli_tools_are_available(self):
        home = session().folder("npm-home")
        os.makedirs(os.path.join(home, ".npm-global", "bin"))
        os.symlink(REAL_OPENSPEC_BIN, os.path.join(home, ".npm-global", "bin", "openspec"))
        with session().environment(OPENSPEC_BIN=None, HOME=home):
            self.assertEqual(session().available_tools(), session().all_tools())

    def test_given_no_binary_when_hermes_lists_tools_then_only_the_filesystem_tools_remain_and_check_fn_says_false(self):
        with session().environment(OPENSPEC_BIN=None, PATH=BASE_PATH):
            available = session().available_tools()
            self.assertEqual(available, session().filesystem_tools())
            self.assertIn("openspec_context", available)
            self.assertIs(session().context.tools["openspec_list"].check_fn(), False)

    def test_given_no_binary_when_a_cli_tool_is_called_anyway_then_ok_is_false_with_how_to_install_it(self):
        root = session().repository()
        with session().environment(OPENSPEC_BIN=None, PATH=BASE_PATH):
            result = call("openspec_list", workdir=root)
        self.assertEqual((result["ok"], result["code"]), (False, "openspec_not_found"))
        self.assertRegex(result["fix"], r"npm install -g @fission-ai/openspec|OPENSPEC_BIN")


class CliExecutionContract(unittest.TestCase):
    """Requirement: CLI command execution contract."""

    def test_when_a_command_succeeds_then_returns_ok_command_workdir_exit_code_parsed_stdout_stderr_and_truncation(self):
        root = session().repository(DARK_MODE_CHANGE)
        result = call("openspec_list", workdir=root)
        self.assertIs(result["ok"], True)
        for flag in ("list", "--changes", "--json"):
            self.assertIn(flag, result["command"])
        self.assertEqual((result["workdir"], result["exit_code"], result["truncated"]), (root, 0, False))
        self.assertIsInstance(result["stderr"], str)
        change = result["stdout"]["changes"][0]
        self.assertEqual((change["name"], change["completedTasks"], change["totalTasks"]), ("add-dark-mode", 1, 2))

    def test_when_the_cli_exits_non_zero_then_ok_is_false_with_the_same_fields(self):
        root = session().repository()
        result = call("openspec_show", workdir=root, target="missing-thing")
        self.assertIs(result["ok"], False)
        self.assertIn("missing-thing", result["command"])
        self.assertEqual((result["workdir"], result["exit_code"], result["truncated"]), (root, 1, False))
        self.assertIn("stdout", result)
        self.assertIsInstance(result["stderr"], str)
        self.assertTrue(result["error"])

    def test_when_the_workdir_is_missing_or_a_file_then_ok_is_false_and_the_cli_never_runs(self):
        folder = session().folder("workdirs")
        marker = os.path.join(folder, "started")
        fake = session().fake_openspec(f'touch "{marker}"\necho "{{}}"')
        a_file = os.path.join(folder, "file.txt")
        with open(a_file, "w", encoding="utf-8") as handle:
            handle.write("x")
        required = {
            "openspec_show": {"target": "x"},
            "openspec_instructions": {"artifact": "proposal"},
            "openspec_change_archive": {"change": "x"},
            "openspec_change_promote": {"change": "x"},
            "openspec_cli": {"args": ["list"]},
        }
        with session().environment(OPENSPEC_BIN=fake):
            for workdir in (os.path.join(folder, "does-not-exist"), a_file):
                for tool in REPOSITORY_CLI_TOOLS:
                    result = call(tool, workdir=workdir, **required.get(tool, {}))
                    self.assertEqual((result["ok"], result["code"]), (False, "invalid_workdir"), tool)
        self.assertFalse(os.path.exists(marker))

    def test_when_the_cli_runs_longer_than_the_timeout_then_ok_is_false_with_command_workdir_and_a_timeout_error(self):
        root = session().repository()
        fake = session().fake_openspec("sleep 30")
        with session().environment(OPENSPEC_BIN=fake, OPENSPEC_AGENT_CLI_TIMEOUT_MS="300"):
            result = call("openspec_list", workdir=root)
        self.assertEqual((result["ok"], result["code"], result["workdir"]), (False, "timeout", root))
        self.assertIn("list", result["command"])
        self.assertIn("300 ms", result["error"])


if __name__ == "__main__":
    unittest.main()
