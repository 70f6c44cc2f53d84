/**
 * Returns a function that builds a value on its first call and returns that
 * same value afterwards. The catalog's shared zod schemas are written this way:
 * zod builds every schema node as its module loads, and an MCP server that
 * lists its tools from the schemas its build recorded would otherwise build
 * every tool's schemas before its first answer (about 10 ms of every start).
 */
export function builtOnFirstUse<Value>(build: () => Value): () => Value {
  let built: { value: Value } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}
