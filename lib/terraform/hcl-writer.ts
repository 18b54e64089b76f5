// A small HCL writer for the export: blocks, attributes, lists, objects and comments, laid out as
// `terraform fmt` lays them out (two-space indent, `=` aligned across consecutive one-line attributes).
import { commentText, hclKey, hclString } from "@/lib/terraform/hcl-string";

/** An expression written as it is (a reference or a template the export builds itself, never platform text). */
export interface HclExpression {
  expression: string;
}
export interface HclList {
  list: Array<{ value: HclValue; comments?: string[] }>;
}
export interface HclObject {
  object: BodyItem[];
}
export type HclValue = string | number | boolean | HclExpression | HclList | HclObject;

export type BodyItem =
  | { type: "attribute"; name: string; value: HclValue; comments?: string[] }
  | { type: "block"; name: string; labels?: string[]; body: BodyItem[]; comments?: string[] }
  | { type: "comment"; lines: string[] }
  | { type: "blank" };

export const attribute = (name: string, value: HclValue, comments?: string[]): BodyItem => ({ type: "attribute", name, value, comments });
export const block = (name: string, body: BodyItem[], labels?: string[], comments?: string[]): BodyItem => ({
  type: "block",
  name,
  labels,
  body,
  comments,
});
export const comment = (...lines: string[]): BodyItem => ({ type: "comment", lines });
export const blank: BodyItem = { type: "blank" };

/** A whole file: top-level items, each block separated as written. */
export function renderHcl(items: readonly BodyItem[]): string {
  return `${renderBody(items, 0).join("\n")}\n`;
}

function renderBody(items: readonly BodyItem[], depth: number): string[] {
  const pad = "  ".repeat(depth);
  const lines: string[] = [];
  // Consecutive one-line attributes share the column of their `=`, as terraform fmt aligns them.
  let group: Array<{ index: number; name: string; value: string }> = [];
  const flush = () => {
    const width = Math.max(...group.map((g) => g.name.length));
    for (const g of group) lines[g.index] = `${pad}${g.name.padEnd(width)} = ${g.value}`;
    group = [];
  };
  for (const item of items) {
    if (item.type === "blank") {
      flush();
      lines.push("");
      continue;
    }
    if (item.type === "comment") {
      flush();
      lines.push(...item.lines.map((line) => `${pad}# ${commentText(line)}`.trimEnd()));
      continue;
    }
    if (item.comments?.length) {
      flush();
      lines.push(...item.comments.map((line) => `${pad}# ${commentText(line)}`.trimEnd()));
    }
    if (item.type === "block") {
      flush();
      const labels = (item.labels ?? []).map((label) => ` ${hclString(label)}`).join("");
      const body = renderBody(item.body, depth + 1);
      lines.push(
        body.length ? `${pad}${item.name}${labels} {` : `${pad}${item.name}${labels} {}`,
        ...(body.length ? [...body, `${pad}}`] : []),
      );
      continue;
    }
    const value = renderValue(item.value, depth);
    const name = hclKey(item.name);
    if (value.length === 1) group.push({ index: lines.length, name, value: value[0]! });
    else flush();
    lines.push(`${pad}${name} = ${value[0]}`, ...value.slice(1));
  }
  flush();
  return lines;
}

/** A value's lines: the first follows `name = `, the others are indented for `depth`. */
function renderValue(value: HclValue, depth: number): string[] {
  const pad = "  ".repeat(depth);
  if (typeof value === "string") return [hclString(value)];
  if (typeof value === "number" || typeof value === "boolean") return [String(value)];
  if ("expression" in value) return [value.expression];
  if ("object" in value) {
    if (value.object.length === 0) return ["{}"];
    return ["{", ...renderBody(value.object, depth + 1), `${pad}}`];
  }
  const scalar = value.list.every((e) => !e.comments?.length && (typeof e.value !== "object" || "expression" in e.value));
  if (scalar) return [`[${value.list.map((e) => renderValue(e.value, depth)[0]).join(", ")}]`];
  const inner = "  ".repeat(depth + 1);
  const lines = ["["];
  for (const element of value.list) {
    lines.push(...(element.comments ?? []).map((line) => `${inner}# ${commentText(line)}`.trimEnd()));
    const rendered = renderValue(element.value, depth + 1);
    lines.push(`${inner}${rendered[0]}`, ...rendered.slice(1));
    lines[lines.length - 1] += ",";
  }
  lines.push(`${pad}]`);
  return lines;
}
