"""Calls written for hermes-openspec (the earlier Python Hermes plugin for OpenSpec), through our handlers:
its argument names are read as ours, its result fields come back, and tools.json never lists its names."""

import json
import os
import unittest

from fixtures import CHECKOUT_SPEC, DARK_MODE_CHANGE, call, session

# Argument names of the earlier plugin that our tools read as theirs (core's argument-aliases.ts), by tool;
# none of them may cost an agent context in the tool list Hermes reads.
EARLIER_NAMES = {
    "openspec_spec_create": ["spec", "project", "identifier"],
    "openspec_spec_show": ["spec"],
    "openspec_task_list": ["change_id", "project", "identifier"],
    "openspec_task_set_status": ["tasks", "task_ids", "status", "change_id"],
    "openspec_change_create": ["change", "change_id", "summary", "title"],
    "openspec_show": ["name", "requirements_only"],
}


class CallsWrittenForHermesOpenspec(unittest.TestCase):
    def test_when_a_spec_is_created_by_spec_then_it_is_written_under_that_name_and_named_spec_in_the_answer(self):
        root = session().repository()
        result = call("openspec_spec_create", workdir=root, spec="my-spec",
                      **{key: value for key, value in CHECKOUT_SPEC.items() if key != "name"})
        self.assertIs(result["ok"], True, result)
        self.assertEqual((result["name"], result["spec"], result["change"]), ("my-spec", "my-spec", None))
        self.assertTrue(os.path.isfile(os.path.join(root, "openspec", "specs", "my-spec", "spec.md")))
        listed = call("openspec_spec_list", workdir=root)
        self.assertEqual((listed["specs"], listed["count"]), (["my-spec"], 1))

    def test_when_tasks_are_set_done_by_tasks_and_status_then_they_are_ticked_with_counts_and_status(self):
        root = session().repository(DARK_MODE_CHANGE)
        result = call("openspec_task_set_status", workdir=root, change_id="add-dark-mode", tasks=["1.2"], status="done")
        self.assertIs(result["ok"], True, result)
        self.assertEqual(result["counts"], {"total": 2, "done": 2, "todo": 0})
        self.assertEqual(result["status"], "done")
        with open(os.path.join(root, "openspec", "changes", "add-dark-mode", "tasks.md"), encoding="utf-8") as handle:
            self.assertIn("- [x] 1.2 Ship it", handle.read())

    def test_when_an_alias_and_its_field_disagree_then_invalid_input_names_both(self):
        root = session().repository(DARK_MODE_CHANGE)
        result = call("openspec_task_set_status", workdir=root, change="add-dark-mode", change_id="other",
                      ids=["1.2"], done=True)
        self.assertEqual(result["code"], "invalid_input", result)
        self.assertIn('"change_id" and "change"', result["error"])

    def test_the_tool_list_hermes_reads_names_none_of_the_earlier_plugins_argument_names(self):
        with open(os.path.join(session().hermes_home, "plugins", "openspec", "tools.json"), encoding="utf-8") as handle:
            tools = {tool["name"]: tool for tool in json.load(handle)["tools"]}
        for tool, names in EARLIER_NAMES.items():
            for name in names:
                with self.subTest(tool=tool, name=name):
                    self.assertNotIn(name, tools[tool]["parameters"].get("properties", {}))


if __name__ == "__main__":
    unittest.main()
