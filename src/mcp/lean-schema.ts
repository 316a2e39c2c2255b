import type { z } from "zod";

type JsonSchema = Record<string, unknown>;
type JsonConverter = (options: { target: string }) => JsonSchema;

/**
 * A zod schema as tools/list shows it: the same validation (the SDK only calls
 * `~standard.validate`), with two things left out of its JSON Schema, which
 * sits in every conversation (DESIGN.md §5: tools/list ≤ 9,000 tokens):
 * - the `$schema` key: MCP takes JSON Schema 2020-12 as the default dialect;
 * - the ±2^53−1 bounds zod puts on every `.int()`: they say nothing.
 */
export function lean<T extends z.ZodType>(schema: T): T {
  const standard = schema["~standard"] as z.ZodType["~standard"] & {
    jsonSchema: { input: JsonConverter; output: JsonConverter };
  };
  const trim =
    (convert: JsonConverter): JsonConverter =>
    (options) => {
      const { $schema: _, ...rest } = convert(options);
      return withoutSafeIntegerBounds(rest);
    };
  return {
    "~standard": {
      ...standard,
      jsonSchema: {
        input: trim(standard.jsonSchema.input),
        output: trim(standard.jsonSchema.output),
      },
    },
  } as unknown as T;
}

function withoutSafeIntegerBounds<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds) as T;
  if (typeof value !== "object" || value === null) return value;
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value)) {
    if (
      (key === "maximum" || key === "minimum") &&
      Math.abs(Number(inner)) === Number.MAX_SAFE_INTEGER
    )
      continue;
    out[key] = withoutSafeIntegerBounds(inner);
  }
  return out as T;
}
