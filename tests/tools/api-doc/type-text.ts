// A zod schema as a compact TypeScript-like type for docs/api.md: read from zod 4's JSON Schema (the answer's
// output), `?` for optional fields, `| null` for nullable ones, `{ … }` for an object that may hold more fields.
import { z } from "zod";

type Json = { [key: string]: unknown };
const INDENT = "  ";

export function typeText(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any", reused: "inline" }) as Json;
  return render(json, "");
}

function render(node: Json, indent: string): string {
  if (Array.isArray(node.anyOf) || Array.isArray(node.oneOf)) {
    const options = ((node.anyOf ?? node.oneOf) as Json[]).map((option) => render(option, indent));
    // `{ … } | null` reads on one line; two objects or more are one per line.
    return options.filter((o) => o.includes("\n")).length > 1 ? options.join(`\n${indent}| `) : options.join(" | ");
  }
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (Array.isArray(node.enum)) return node.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (Array.isArray(node.type)) return (node.type as string[]).map((type) => render({ ...node, type }, indent)).join(" | ");
  switch (node.type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const item = render((node.items ?? {}) as Json, indent);
      return /^[\w"]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
    }
    case "object":
      return objectText(node, indent);
    default:
      return "unknown";
  }
}

function objectText(node: Json, indent: string): string {
  const properties = Object.entries((node.properties ?? {}) as Record<string, Json>);
  const required = new Set((node.required ?? []) as string[]);
  const extra = node.additionalProperties;
  const inner = indent + INDENT;
  const lines = properties.map(([name, value]) => `${inner}${name}${required.has(name) ? "" : "?"}: ${render(value, inner)};`);
  if (extra && typeof extra === "object" && Object.keys(extra).length > 0)
    lines.push(`${inner}[key: string]: ${render(extra as Json, inner)};`);
  else if (extra !== false) lines.push(`${inner}…`);
  if (lines.length === 0) return "{}";
  return `{\n${lines.join("\n")}\n${indent}}`;
}
