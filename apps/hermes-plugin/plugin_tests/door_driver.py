"""Serves the plugin's handlers over JSON lines, for src/test-support/hermes-door.ts.

Loads ``$HERMES_HOME/plugins/openspec`` as Hermes does, then reads one request
per line on stdin, ``{"id", "op": "call", "tool", "args"}`` or ``{"id", "op":
"list"}``, and writes ``{"id", "result"}`` (or ``{"id", "error"}``) per line on
stdout. Requests run on their own threads, like Hermes's tool workers.
"""

import json
import os
import sys
import threading

from hermes_host import load_plugin

_module, context = load_plugin(os.environ["HERMES_HOME"])
_write_lock = threading.Lock()


def answer(message):
    with _write_lock:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()


def handle(request):
    request_id = request.get("id")
    if request.get("op") == "list":
        answer({"id": request_id, "result": [name for name, tool in context.tools.items() if tool.available()]})
        return
    tool = context.tools.get(request.get("tool"))
    if tool is None:
        answer({"id": request_id, "error": f"no tool named {request.get('tool')!r} is registered"})
        return
    answer({"id": request_id, "result": json.loads(tool.handler(request.get("args")))})


def main():
    workers = []
    for line in sys.stdin:
        worker = threading.Thread(target=handle, args=(json.loads(line),))
        worker.start()
        workers.append(worker)
    for worker in workers:
        worker.join()


if __name__ == "__main__":
    main()
