"""Loads the installed OpenSpec plugin the way Hermes Agent does and serves its
handlers over JSON lines: {"id", "op": "list"} or {"id", "op": "call", "tool", "args"}."""

import importlib.util
import json
import os
import sys
import types


class Context:
    """The part of Hermes's plugin context that the plugin uses."""

    def __init__(self):
        self.tools = {}

    def register_tool(self, name, toolset, schema, handler, check_fn=None, requires_env=None,
                      is_async=False, description="", emoji="", override=False):
        if not isinstance(schema, dict) or not isinstance(schema.get("parameters"), dict):
            raise ValueError(f"tool {name} has an invalid schema")
        self.tools[name] = (handler, check_fn)


def load_plugin():
    folder = os.path.join(os.environ["HERMES_HOME"], "plugins", "openspec")
    sys.modules.setdefault("hermes_plugins", types.ModuleType("hermes_plugins"))
    spec = importlib.util.spec_from_file_location(
        "hermes_plugins.openspec", os.path.join(folder, "__init__.py"),
        submodule_search_locations=[folder])
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    context = Context()
    module.register(context)
    return context


def main():
    context = load_plugin()
    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "list":
            result = [name for name, (_, check) in context.tools.items() if check is None or check()]
        else:
            handler = context.tools[request["tool"]][0]
            result = json.loads(handler(request["args"]))
        sys.stdout.write(json.dumps({"id": request["id"], "result": result}) + "\n")
        sys.stdout.flush()


main()
