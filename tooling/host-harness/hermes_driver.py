"""Loads the installed OpenSpec plugin the way Hermes Agent does and serves its
handlers over JSON lines, one thread per request:
{"id", "op": "call", "tool", "args"} -> {"id", "result"} (or "raised" / "not_json"),
{"id", "op": "list", "hidden_toolsets"?} -> {"id", "tools"} (those Hermes would offer now: no check_fn,
or a passing one, and not in a toolset the configuration leaves off),
{"id", "op": "bridge_pid"} -> {"id", "pid"}."""

import importlib.util
import json
import os
import sys
import threading
import types

# Deeply nested arguments are part of what is sent; Python's default limit would refuse them here, before the plugin.
sys.setrecursionlimit(20000)


class Context:
    """The part of Hermes's plugin context that the plugin uses."""

    def __init__(self):
        self.tools = {}

    def register_tool(self, name, toolset, schema, handler, check_fn=None, requires_env=None,
                      is_async=False, description="", emoji="", override=False):
        if not isinstance(schema, dict) or not isinstance(schema.get("parameters"), dict):
            raise ValueError(f"tool {name} has an invalid schema")
        self.tools[name] = (handler, check_fn, toolset)


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
    return context, sys.modules["hermes_plugins.openspec.bridge"]


def answer(context, bridge, request):
    if request["op"] == "bridge_pid":
        return {"pid": bridge.shared().pid()}
    if request["op"] == "list":
        hidden = set(request.get("hidden_toolsets") or [])
        return {"tools": [name for name, (_, check, toolset) in context.tools.items()
                          if toolset not in hidden and (check is None or check())]}
    entry = context.tools.get(request["tool"])
    if entry is None:
        return {"unknown_tool": request["tool"]}
    handler = entry[0]
    try:
        text = handler(request.get("args"))
    except BaseException as error:  # the plugin promises never to raise; catching it is the check
        return {"raised": repr(error)}
    try:
        return {"result": json.loads(text)}
    except (TypeError, ValueError):
        return {"not_json": repr(text)[:2000]}


def main():
    context, bridge = load_plugin()
    write_lock = threading.Lock()

    def serve(request):
        reply = {"id": request["id"], **answer(context, bridge, request)}
        line = json.dumps(reply)
        with write_lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    for line in sys.stdin:
        threading.Thread(target=serve, args=(json.loads(line),), daemon=True).start()


main()
