"""Requirement: the plugin ships the OpenSpec workflows as Hermes skills, registered as Hermes registers plugin skills."""

import json
import os
import subprocess
import unittest

from fixtures import session
from hermes_host import MAX_DESCRIPTION_LENGTH, PACKAGE_ROOT, FakeContext, load_plugin, read_manifest


def workflow_catalog():
    """The workflows as the TypeScript catalog defines them: the source the skills are generated from."""
    script = "import('@org/openspec-core').then((m) => console.log(JSON.stringify(m.workflowCatalog)))"
    finished = subprocess.run(
        ["node", "--input-type=module", "-e", script], cwd=PACKAGE_ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(finished.stdout)


class WorkflowSkills(unittest.TestCase):
    def test_when_register_runs_then_every_workflow_is_a_skill_named_openspec_colon_its_name(self):
        workflows = workflow_catalog()
        skills = session().context.skills
        self.assertEqual(sorted(skills), sorted(f"openspec:{workflow['name']}" for workflow in workflows))
        for workflow in workflows:
            entry = skills[f"openspec:{workflow['name']}"]
            self.assertEqual(entry["description"], workflow["description"])

    def test_when_a_skill_is_registered_then_its_file_is_inside_the_installed_plugin_folder(self):
        plugin_dir = os.path.realpath(os.path.join(session().hermes_home, "plugins", "openspec"))
        for qualified, entry in session().context.skills.items():
            path = os.path.realpath(str(entry["path"]))
            self.assertEqual(path, os.path.join(plugin_dir, "skills", entry["bare_name"], "SKILL.md"), qualified)
        # Plugin skills are served from the plugin; nothing goes into Hermes's own skills folder.
        self.assertFalse(os.path.exists(os.path.join(session().hermes_home, "skills")))

    def test_when_hermes_views_a_skill_then_its_front_matter_names_it_and_its_body_drives_the_tools(self):
        for workflow in workflow_catalog():
            view = session().context.view_skill(f"openspec:{workflow['name']}")
            self.assertEqual(view["frontmatter"]["name"], workflow["name"])
            self.assertEqual(view["frontmatter"]["description"], workflow["description"])
            self.assertLessEqual(len(view["frontmatter"]["description"]), MAX_DESCRIPTION_LENGTH)
            self.assertEqual(view["frontmatter"]["version"], session().context.manifest["version"])
            body = view["content"]
            self.assertIn("openspec_context", body)
            for argument in workflow["arguments"]:
                self.assertIn(f"- **{argument['name']}**: not given; ", body)
            # Hermes renders templates and inline shell in SKILL.md bodies; ours must hold none.
            for marker in ("{{", "${", "!`"):
                self.assertNotIn(marker, body, workflow["name"])

    def test_given_a_hermes_without_plugin_skills_when_register_runs_then_the_tools_are_still_registered(self):
        plugin_dir = os.path.join(session().hermes_home, "plugins", "openspec")

        class OlderContext(FakeContext):
            register_skill = None

        context = OlderContext(read_manifest(plugin_dir))
        session().module.register(context)
        self.assertEqual(sorted(context.tools), session().all_tools())

    def test_given_a_hermes_that_refuses_a_skill_when_register_runs_then_the_other_skills_and_the_tools_remain(self):
        plugin_dir = os.path.join(session().hermes_home, "plugins", "openspec")

        class RefusingContext(FakeContext):
            def register_skill(self, name, path, description=""):
                if name == "apply":
                    raise ValueError("refused")
                super().register_skill(name, path, description)

        context = RefusingContext(read_manifest(plugin_dir))
        session().module.register(context)
        self.assertEqual(sorted(context.tools), session().all_tools())
        self.assertNotIn("openspec:apply", context.skills)
        self.assertEqual(len(context.skills), len(workflow_catalog()) - 1)

    def test_when_the_plugin_is_loaded_again_then_the_skills_are_registered_once_each(self):
        _module, context = load_plugin(session().hermes_home)
        self.assertEqual(sorted(context.skills), sorted(session().context.skills))


if __name__ == "__main__":
    unittest.main()
