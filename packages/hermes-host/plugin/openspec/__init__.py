"""OpenSpec tools for Hermes Agent, served by openspec-agent's Node bridge.

Hermes imports this folder as ``hermes_plugins.openspec`` and calls
``register(ctx)`` once. Every tool of ``tools.json`` (generated from the
TypeScript tool catalog) becomes a Hermes tool in its group's toolset
(``openspec-read``, ``openspec-author``, ``openspec-lifecycle``,
``openspec-sources``), so ``hermes tools`` enables and disables each group;
each handler forwards its arguments to the bridge and returns the bridge's
answer as a JSON string. Every workflow of ``skills/<name>/SKILL.md`` (generated
from the same catalog's workflows) becomes a read-only Hermes skill, loaded as
``openspec:<name>``.
"""

import json
import logging
import os
import pathlib

from . import bridge

TOOLSET = "openspec"
_HERE = os.path.dirname(os.path.abspath(__file__))
_TOOLS_JSON = os.path.join(_HERE, "tools.json")
_SKILLS_DIR = os.path.join(_HERE, "skills")


def load_tools():
    """The tool entries of tools.json: name, description, requiresCli, parameters."""
    with open(_TOOLS_JSON, encoding="utf-8") as handle:
        return json.load(handle)["tools"]


def register(ctx):
    for tool in load_tools():
        ctx.register_tool(
            name=tool["name"],
            toolset=tool.get("toolset", TOOLSET),
            schema={
                "name": tool["name"],
                "description": tool["description"],
                "parameters": tool["parameters"],
            },
            handler=_handler_for(tool["name"]),
            # The filesystem tools work without the OpenSpec CLI, so only the CLI tools are gated.
            check_fn=cli_available if tool["requiresCli"] else None,
            description=tool["description"],
        )
    register_skills(ctx)


def load_skills():
    """(name, SKILL.md path, description) of each bundled workflow skill, in name order."""
    if not os.path.isdir(_SKILLS_DIR):
        return []
    skills = []
    for name in sorted(os.listdir(_SKILLS_DIR)):
        path = os.path.join(_SKILLS_DIR, name, "SKILL.md")
        if os.path.isfile(path):
            skills.append((name, path, _description_of(path)))
    return skills


def register_skills(ctx):
    """Registers the workflow skills; a Hermes without plugin skills, or one that refuses a skill, keeps the tools."""
    register_skill = getattr(ctx, "register_skill", None)
    if register_skill is None:
        return
    for name, path, description in load_skills():
        try:
            register_skill(name, pathlib.Path(path), description=description)
        except Exception as error:
            logging.getLogger(__name__).warning("openspec: skill %s was not registered: %s", name, error)


def _description_of(path):
    """The front matter's description; the build writes it as a JSON string on one line."""
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    if not lines or lines[0] != "---":
        return ""
    for line in lines[1:]:
        if line == "---":
            break
        if line.startswith("description: "):
            try:
                value = json.loads(line[len("description: "):])
            except ValueError:
                return ""
            return value if isinstance(value, str) else ""
    return ""


def cli_available():
    """Whether the OpenSpec CLI is found; the bridge decides, by the same rules as every host."""
    try:
        return bridge.shared().cli_available()
    except Exception:
        return False


def _handler_for(name):
    def handler(args=None, **_context):
        try:
            result = bridge.shared().call_tool(name, args)
        except Exception as error:  # a bug here must still reach the agent as a result
            result = bridge.failure(
                "internal_error",
                f"The OpenSpec plugin failed unexpectedly: {error}",
                "Report this as a bug in openspec-agent, with the input that caused it.",
            )
        return json.dumps(result, ensure_ascii=False)

    handler.__name__ = name
    return handler
