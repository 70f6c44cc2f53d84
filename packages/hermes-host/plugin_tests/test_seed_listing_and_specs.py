"""Seed 000, part 2 (listing and inspection) and seed 001 (spec lifecycle), through the Python handlers, the bridge
and the real CLI."""

import os
import re
import unittest

from fixtures import AUTH_SPEC, CHECKOUT_SPEC, DARK_MODE_CHANGE, call, session

class ListingAndInspection(unittest.TestCase):
    """Requirement: Artifact listing and inspection."""

    def assert_command(self, result, *flags):
        self.assertIs(result["ok"], True, result)
        for flag in flags:
            self.assertIn(flag, result["command"])

    def test_when_list_is_called_for_specs_with_a_sort_then_runs_the_json_list_command_for_specs(self):
        root = session().repository({"openspec/specs/auth/spec.md": AUTH_SPEC})
        result = call("openspec_list", workdir=root, kind="specs", sort="name")
        self.assert_command(result, "list", "--specs", "--json", "--sort", "name")
        self.assertEqual([(s["id"], s["requirementCount"]) for s in result["stdout"]["specs"]], [("auth", 1)])

    def test_when_list_is_called_for_changes_sorted_by_recent_then_passes_the_sort(self):
        root = session().repository(DARK_MODE_CHANGE)
        self.assert_command(call("openspec_list", workdir=root, kind="changes", sort="recent"), "--changes", "recent")

    def test_when_show_is_called_for_a_spec_with_filters_then_runs_the_json_show_command_with_them(self):
        root = session().repository({"openspec/specs/auth/spec.md": AUTH_SPEC})
        result = call("openspec_show", workdir=root, target="auth", type="spec", no_scenarios=True, requirement=1)
        self.assert_command(result, "show", "auth", "--json", "--type", "spec", "--no-scenarios", "--requirement", "1")
        self.assertEqual(result["stdout"]["id"], "auth")

    def test_when_show_is_called_for_a_change_with_deltas_only_then_passes_it(self):
        root = session().repository(DARK_MODE_CHANGE)
        result = call("openspec_show", workdir=root, target="add-dark-mode", type="change", deltas_only=True)
        self.assert_command(result, "--deltas-only")

    def test_when_validate_is_called_then_runs_strict_json_non_interactive_on_the_scope_or_target(self):
        root = session().repository({**DARK_MODE_CHANGE, "openspec/specs/auth/spec.md": AUTH_SPEC})
        everything = call("openspec_validate", workdir=root)
        self.assert_command(everything, "validate", "--all", "--strict", "--json", "--no-interactive")
        self.assertEqual(everything["stdout"]["summary"]["totals"]["items"], 2)
        self.assertEqual(everything["stdout"]["summary"]["totals"]["failed"], 0)
        one = call("openspec_validate", workdir=root, target="auth", type="spec")
        self.assert_command(one, "validate", "auth", "--type", "spec", "--strict")

    def test_when_instructions_are_asked_for_an_artifact_of_a_change_then_returns_the_enriched_instructions(self):
        root = session().repository(DARK_MODE_CHANGE)
        result = call("openspec_instructions", workdir=root, artifact="design", change="add-dark-mode")
        self.assert_command(result, "instructions")
        self.assertEqual((result["artifact"], result["change"]), ("design", "add-dark-mode"))
        self.assertEqual(result["stdout"]["artifactId"], "design")
        self.assertIsInstance(result["stdout"]["template"], str)

    def test_when_instructions_are_asked_for_artifact_spec_then_the_cli_is_asked_for_specs(self):
        root = session().repository(DARK_MODE_CHANGE)
        result = call("openspec_instructions", workdir=root, artifact="spec")
        self.assert_command(result, "instructions", "specs", "--change", "add-dark-mode")
        self.assertEqual((result["artifact"], result["stdout"]["artifactId"]), ("specs", "specs"))

    def test_given_a_fresh_repository_when_instructions_are_asked_then_ok_with_template_guidance(self):
        root = session().repository()
        result = call("openspec_instructions", workdir=root, artifact="spec")
        self.assertEqual((result["ok"], result["fallback"], result["artifact"]), (True, True, "specs"))
        self.assertIn("Requirement", result["stdout"]["template"])
        unknown = call("openspec_instructions", workdir=root, artifact="poem")
        self.assertEqual((unknown["ok"], unknown["code"]), (False, "unknown_artifact"))

    def test_given_one_active_change_when_status_is_called_without_a_change_then_reports_on_it(self):
        root = session().repository(DARK_MODE_CHANGE)
        result = call("openspec_status", workdir=root)
        self.assertEqual((result["ok"], result["change"]), (True, "add-dark-mode"))
        self.assertEqual(result["stdout"]["changeName"], "add-dark-mode")


class SpecLifecycle(unittest.TestCase):
    """Requirement: Spec lifecycle tools (seed 001), which work without the CLI."""

    def read(self, root, path):
        with open(os.path.join(root, path), encoding="utf-8") as handle:
            return handle.read()

    def test_when_spec_create_is_called_then_writes_a_formatted_baseline_spec_that_validates(self):
        root = session().repository()
        result = call("openspec_spec_create", workdir=root, **CHECKOUT_SPEC)
        self.assertEqual((result["ok"], result["name"], result["path"]), (True, "checkout", "openspec/specs/checkout/spec.md"))
        markdown = self.read(root, "openspec/specs/checkout/spec.md")
        self.assertRegex(markdown, re.compile(r"^### Requirement: Pay with a saved card$", re.M))
        self.assertRegex(markdown, re.compile(r"^#### Scenario: Saved card accepted$", re.M))
        self.assertIs(call("openspec_validate", workdir=root, target="checkout", type="spec")["ok"], True)

    def test_given_an_active_change_when_spec_create_is_called_with_it_then_writes_under_the_change(self):
        root = session().repository(DARK_MODE_CHANGE)
        result = call("openspec_spec_create", workdir=root, change="add-dark-mode", **CHECKOUT_SPEC)
        self.assertEqual(result["path"], "openspec/changes/add-dark-mode/specs/checkout/spec.md")
        self.assertFalse(os.path.exists(os.path.join(root, "openspec/specs/checkout")))

    def test_given_an_existing_spec_when_spec_create_is_called_without_force_then_fails_and_leaves_it(self):
        root = session().repository({"openspec/specs/checkout/spec.md": AUTH_SPEC})
        result = call("openspec_spec_create", workdir=root, **CHECKOUT_SPEC)
        self.assertEqual((result["ok"], result["code"]), (False, "spec_exists"))
        self.assertEqual(self.read(root, "openspec/specs/checkout/spec.md"), AUTH_SPEC)

    def test_when_spec_show_is_called_then_returns_title_purpose_and_requirements(self):
        root = session().repository({"openspec/specs/auth/spec.md": AUTH_SPEC})
        result = call("openspec_spec_show", workdir=root, name="auth")
        self.assertEqual((result["ok"], result["title"]), (True, "Auth"))
        self.assertEqual(result["purpose"], "Let people sign in with their email address and a password they chose.")
        requirement = result["requirements"][0]
        self.assertEqual(requirement["name"], "Sign in")
        self.assertEqual(requirement["description"], "The system SHALL sign a person in with a correct email and password.")
        self.assertEqual([s["name"] for s in requirement["scenarios"]], ["Correct password"])

    def test_when_spec_show_is_called_for_a_missing_spec_then_fails_naming_it(self):
        result = call("openspec_spec_show", workdir=session().repository(), name="ghost")
        self.assertEqual((result["ok"], result["code"]), (False, "spec_not_found"))
        self.assertIn("ghost", result["error"])

    def test_when_spec_list_is_called_without_and_with_a_change_then_lists_each_folder(self):
        root = session().repository({**DARK_MODE_CHANGE, "openspec/specs/auth/spec.md": AUTH_SPEC})
        self.assertEqual(call("openspec_spec_list", workdir=root)["specs"], ["auth"])
        self.assertEqual(call("openspec_spec_list", workdir=root, change="add-dark-mode")["specs"], ["ui"])

    def test_given_no_specs_when_spec_list_is_called_then_returns_an_empty_array(self):
        self.assertEqual(call("openspec_spec_list", workdir=session().repository()), {"ok": True, "change": None, "specs": [], "count": 0})

    def test_when_a_spec_tool_gets_a_missing_workdir_then_fails_and_touches_nothing(self):
        missing = os.path.join(session().folder("missing"), "missing")
        for tool, args in (
            ("openspec_spec_create", CHECKOUT_SPEC),
            ("openspec_spec_show", {"name": "auth"}),
            ("openspec_spec_list", {}),
        ):
            result = call(tool, workdir=missing, **args)
            self.assertEqual((result["ok"], result["code"]), (False, "invalid_workdir"), tool)
        self.assertFalse(os.path.exists(missing))


if __name__ == "__main__":
    unittest.main()
