/**
 * An MCP client's JSON Schema validator that compiles each distinct schema
 * once per test process. The SDK clients compile every tool's output schema
 * again on each `tools/list` (about a tenth of a core-second for the whole
 * catalog), though a test suite lists the same catalog hundreds of times.
 * The validators are the given provider's own, so every answer is checked
 * exactly as before; a schema that differs by a single character compiles anew.
 */
export function compileEachSchemaOnce<Provider extends { getValidator(schema: never): unknown }>(
  provider: Provider,
): Provider {
  const compiled = new Map<string, unknown>();
  const getValidator = (schema: never) => {
    const key = JSON.stringify(schema);
    let validator = compiled.get(key);
    if (validator === undefined) {
      validator = provider.getValidator(schema);
      compiled.set(key, validator);
    }
    return validator;
  };
  return { getValidator } as unknown as Provider;
}
