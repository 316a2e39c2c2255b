import { describe, expect, it } from "vitest";
import { z } from "zod";
import { brief, lean } from "../../src/mcp/lean-schema.ts";

/** The JSON Schema a schema shows in tools/list (as the MCP SDK asks for it). */
const listed = (schema: z.ZodType) =>
  (
    lean(schema)["~standard"] as unknown as {
      jsonSchema: { input: (o: { target: string }) => Record<string, unknown> };
    }
  ).jsonSchema.input({ target: "draft-2020-12" });

describe("lean: a schema as tools/list shows it", () => {
  const place = brief(
    z.strictObject({ path: z.string(), line: z.number().int().min(1).optional() }),
  );
  const input = z.strictObject({
    to: z.union([z.string(), place, z.array(z.union([z.string(), place]))]),
    count: z.number().int().min(1).max(20).optional(),
    name: z.string().min(1).max(64).optional(),
  });

  it("lists a brief object form as a bare object, and leaves out bounds and $schema", () => {
    expect(listed(input)).toEqual({
      type: "object",
      properties: {
        to: {
          anyOf: [
            { type: "string" },
            { type: "object" },
            { type: "array", items: { anyOf: [{ type: "string" }, { type: "object" }] } },
          ],
        },
        count: { type: "integer" },
        name: { type: "string" },
      },
      required: ["to"],
      additionalProperties: false,
    });
  });

  it("says nothing of a record's keys, which are strings as every JSON object's are", () => {
    expect(listed(z.strictObject({ data: z.record(z.string(), z.string()) }))).toEqual({
      type: "object",
      properties: { data: { type: "object", additionalProperties: { type: "string" } } },
      required: ["data"],
      additionalProperties: false,
    });
  });

  it("still checks every field of a brief object, and every bound", () => {
    // The MCP SDK validates through the standard-schema interface, which lean keeps.
    const valid = (value: unknown) => {
      const result = lean(input)["~standard"].validate(value);
      if (result instanceof Promise) throw new Error("zod validates synchronously");
      return result.issues === undefined;
    };
    expect(valid({ to: { path: "a.ts", line: 3 } })).toBe(true);
    expect(valid({ to: { path: "a.ts", line: 0 } })).toBe(false);
    expect(valid({ to: [{ path: "a.ts", mode: "x" }] })).toBe(false);
    expect(valid({ to: "a.ts", count: 21 })).toBe(false);
    expect(valid({ to: "a.ts", name: "" })).toBe(false);
  });
});
