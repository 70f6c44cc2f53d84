"""A stand-in for Hermes Agent's plugin loader, faithful to its loading contract.

Hermes reads ``plugin.yaml``, imports ``__init__.py`` from the plugin folder as
``hermes_plugins.<name>`` (the folder itself is not on ``sys.path``), and calls
``register(ctx)``; ``ctx.register_tool`` rejects a schema that is not a dict or
whose ``parameters`` is not a dict. The plugin is put in place by the real
installer (the built ``dist/index.js``), run through node.
"""

import importlib.util
import json
import os
import pathlib
import re
import subprocess
import sys
import types

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMESPACE = "hermes_plugins"


def run_installer(function, options):
    """Calls installHermesPlugin / uninstallHermesPlugin of the built package; returns its result."""
    script = (
        "const [entry, fn, options] = process.argv.slice(1);"
        "import(entry).then((m) => console.log(JSON.stringify(m[fn](JSON.parse(options)))));"
    )
    finished = subprocess.run(
        ["node", "-e", script, os.path.join(PACKAGE_ROOT, "dist", "index.js"), function, json.dumps(options)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(finished.stdout)


def read_manifest(plugin_dir):
    """The keys of plugin.yaml this suite relies on; a small reader, since PyYAML is not available."""
    manifest, current_list = {}, None
    with open(os.path.join(plugin_dir, "plugin.yaml"), encoding="utf-8") as handle:
        for raw in handle:
            line = raw.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line.startswith("  - ") and current_list is not None:
                current_list.append(line[4:].strip())
                continue
            key, _, value = line.partition(":")
            value = value.strip()
            if value:
                manifest[key] = json.loads(value) if value.startswith('"') else value
                current_list = None
            else:
                current_list = manifest[key] = []
    return manifest


class RegisteredTool:
    def __init__(self, name, toolset, schema, handler, check_fn, requires_env, is_async, description, emoji):
        self.name = name
        self.toolset = toolset
        self.schema = schema
        self.handler = handler
        self.check_fn = check_fn
        self.requires_env = requires_env
        self.is_async = is_async
        self.description = description
        self.emoji = emoji

    def available(self):
        """What Hermes does when it builds the tool list: a check_fn that raises counts as False."""
        if self.check_fn is None:
            return True
        try:
            return bool(self.check_fn())
        except Exception:
            return False


# Hermes's rule for a plugin skill's bare name (agent.skill_utils._NAMESPACE_RE).
SKILL_NAME = re.compile(r"^[a-zA-Z0-9_-]+$")
# What Hermes's skill_view caps a description at (tools.skills_tool.MAX_DESCRIPTION_LENGTH).
MAX_DESCRIPTION_LENGTH = 1024


class FakeContext:
    """``PluginContext`` as far as tools and skills go: the same signatures and checks."""

    def __init__(self, manifest):
        self.manifest = manifest
        self.tools = {}
        self.skills = {}

    def register_skill(self, name, path, description=""):
        """As Hermes: no ':' in the name, [a-zA-Z0-9_-]+, an existing path; kept as ``<plugin>:<name>``."""
        if ":" in name:
            raise ValueError(f"Skill name '{name}' must not contain ':'")
        if not name or not SKILL_NAME.match(name):
            raise ValueError(f"Invalid skill name '{name}'. Must match [a-zA-Z0-9_-]+.")
        if not path.exists():
            raise FileNotFoundError(f"SKILL.md not found at {path}")
        qualified = f"{self.manifest['name']}:{name}"
        self.skills[qualified] = {"path": path, "bare_name": name, "description": description}

    def view_skill(self, qualified):
        """What ``skill_view("<plugin>:<name>")`` serves: the file read as Hermes reads it, and its front matter."""
        entry = self.skills[qualified]
        content = entry["path"].read_text(encoding="utf-8-sig", errors="replace")
        return {"name": qualified, "frontmatter": parse_frontmatter(content), "content": content}

    def register_tool(
        self,
        name,
        toolset,
        schema,
        handler,
        check_fn=None,
        requires_env=None,
        is_async=False,
        description="",
        emoji="",
        override=False,
    ):
        if not isinstance(schema, dict):
            raise ValueError(f"Tool {name!r}: schema must be a dict, got {type(schema).__name__}")
        params = schema.get("parameters")
        if params is not None and not isinstance(params, dict):
            raise ValueError(f"Tool {name!r}: schema['parameters'] must be an object, got {type(params).__name__}")
        if not callable(handler):
            raise ValueError(f"Tool {name!r}: handler is not callable")
        if name in self.tools and not override:
            raise ValueError(f"Tool {name!r} registered twice")
        self.tools[name] = RegisteredTool(
            name, toolset, schema, handler, check_fn, requires_env or [], is_async, description, emoji
        )


def parse_frontmatter(content):
    """A skill's front matter, as far as this suite needs: flat ``key: value`` lines between ``---`` lines.

    Values must be JSON strings, lists or plain words; anything else fails loudly, so a SKILL.md that
    Hermes's YAML reader might read differently never passes here.
    """
    lines = content.split("\n")
    if not lines or lines[0] != "---" or "---" not in lines[1:]:
        raise ValueError("SKILL.md does not start with a front matter block")
    frontmatter = {}
    for line in lines[1 : lines.index("---", 1)]:
        if line.startswith(" "):
            continue  # nested metadata; Hermes reads it, this suite does not need it
        key, _, value = line.partition(":")
        value = value.strip()
        frontmatter[key] = json.loads(value) if value[:1] in ('"', "[") else value
    return frontmatter


def load_plugin(hermes_home, name="openspec"):
    """Imports ``$HERMES_HOME/plugins/<name>`` the way Hermes does and calls ``register``.

    Returns ``(module, context)``.
    """
    plugin_dir = os.path.join(hermes_home, "plugins", name)
    manifest = read_manifest(plugin_dir)
    if NAMESPACE not in sys.modules:
        namespace = types.ModuleType(NAMESPACE)
        namespace.__path__ = []
        namespace.__package__ = NAMESPACE
        sys.modules[NAMESPACE] = namespace
    module_name = f"{NAMESPACE}.{manifest['name'].replace('-', '_')}"
    for loaded in [m for m in sys.modules if m == module_name or m.startswith(module_name + ".")]:
        del sys.modules[loaded]
    spec = importlib.util.spec_from_file_location(
        module_name, os.path.join(plugin_dir, "__init__.py"), submodule_search_locations=[plugin_dir]
    )
    module = importlib.util.module_from_spec(spec)
    module.__package__ = module_name
    module.__path__ = [plugin_dir]
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    context = FakeContext(manifest)
    module.register(context)
    return module, context
