"""Requirement: the plugin loads through Hermes's plugin contract."""

import inspect
import json
import os
import unittest

from fixtures import CLI_TOOLS, session
from hermes_host import PACKAGE_ROOT

class PluginLoading(unittest.TestCase):
    def test_given_an_installed_home_when_hermes_reads_plugin_yaml_then_it_names_a_standalone_plugin_providing_every_tool(self):
        manifest = session().context.manifest
        self.assertEqual(manifest["name"], "openspec")
        self.assertEqual(manifest["kind"], "standalone")
        with open(os.path.join(PACKAGE_ROOT, "package.json"), encoding="utf-8") as handle:
            self.assertEqual(manifest["version"], json.load(handle)["version"])
        self.assertEqual(sorted(manifest["provides_tools"]), session().all_tools())

    def test_when_register_runs_then_every_provided_tool_is_registered_in_its_groups_toolset_with_a_function_schema(self):
        tools = session().context.tools
        self.assertEqual(sorted(tools), sorted(session().context.manifest["provides_tools"]))
        self.assertEqual(
            sorted({tool.toolset for tool in tools.values()}),
            ["openspec-author", "openspec-cli", "openspec-ideas", "openspec-lifecycle", "openspec-read",
             "openspec-sequencing", "openspec-sources", "openspec-specs"],
        )
        self.assertEqual(tools["openspec_context"].toolset, "openspec-read")
        self.assertEqual(tools["openspec_change_create"].toolset, "openspec-author")
        self.assertEqual(tools["openspec_task_set_status"].toolset, "openspec-lifecycle")
        self.assertEqual(tools["openspec_source_add"].toolset, "openspec-sources")
        self.assertEqual(tools["openspec_cli"].toolset, "openspec-cli")
        for name, tool in tools.items():
            self.assertEqual(set(tool.schema), {"name", "description", "parameters"})
            self.assertEqual(tool.schema["name"], name)
            self.assertEqual(tool.schema["parameters"]["type"], "object")
            self.assertTrue(tool.schema["description"])
            self.assertFalse(tool.is_async)

    def test_when_register_runs_then_only_the_cli_tools_get_a_zero_argument_check_fn(self):
        for name, tool in session().context.tools.items():
            if name in CLI_TOOLS:
                self.assertIsNotNone(tool.check_fn, name)
                self.assertEqual(len(inspect.signature(tool.check_fn).parameters), 0)
            else:
                self.assertIsNone(tool.check_fn, name)

    def test_when_the_module_is_imported_then_it_lives_under_hermes_plugins_with_its_helper_as_a_submodule(self):
        self.assertEqual(session().module.__name__, "hermes_plugins.openspec")
        self.assertEqual(session().module.bridge.__name__, "hermes_plugins.openspec.bridge")
        self.assertTrue(session().module.__file__.startswith(session().hermes_home))

    def test_when_a_handler_is_called_as_hermes_calls_it_then_it_returns_a_json_string(self):
        answer = session().context.tools["openspec_source_list"].handler({}, task_id="t1", session_id="s1")
        self.assertIsInstance(answer, str)
        self.assertEqual(json.loads(answer), {"ok": True, "sources": [], "total": 0})


if __name__ == "__main__":
    unittest.main()
