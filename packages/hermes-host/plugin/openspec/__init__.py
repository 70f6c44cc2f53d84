"""OpenSpec tools for Hermes Agent, served by openspec-agent's Node bridge.

Hermes imports this folder as ``hermes_plugins.openspec`` and calls
``register(ctx)`` once. Every tool of ``tools.json`` (generated from the
TypeScript tool catalog) becomes a Hermes tool in the ``openspec`` toolset;
each handler forwards its arguments to the bridge and returns the bridge's
answer as a JSON string.
"""

import json
import os

from . import bridge

TOOLSET = "openspec"
_TOOLS_JSON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tools.json")


def load_tools():
    """The tool entries of tools.json: name, description, requiresCli, parameters."""
    with open(_TOOLS_JSON, encoding="utf-8") as handle:
        return json.load(handle)["tools"]


def register(ctx):
    for tool in load_tools():
        ctx.register_tool(
            name=tool["name"],
            toolset=TOOLSET,
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
