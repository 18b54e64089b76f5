// The export read back with a real HCL parser (@cdktf/hcl2json, HashiCorp's hcl v2 in WebAssembly): the
// parsed file as JSON, its template escapes decoded as HCL decodes them, and the cloudflare_ruleset
// resource turned back into the platform's rule shape for either provider syntax.
import { parse } from "@cdktf/hcl2json";

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export async function parseHcl(text: string): Promise<Record<string, Json>> {
  return (await parse("export.tf", text)) as Record<string, Json>;
}

/**
 * A literal string as HCL reads it: hcl2json keeps `$${` and `%%{` as written (its JSON is HCL's JSON
 * syntax, a template too). A `${` or `%{` left unescaped is an interpolation: the export must never write one.
 */
export function decodeLiteral(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ((c === "$" || c === "%") && text[i + 1] === c && text[i + 2] === "{") {
      out += `${c}{`;
      i += 2;
    } else if ((c === "$" || c === "%") && text[i + 1] === "{") {
      throw new Error(`an unescaped template sequence in ${JSON.stringify(text)}`);
    } else out += c;
  }
  return out;
}

export function decodeAll(value: Json): Json {
  if (typeof value === "string") return decodeLiteral(value);
  if (Array.isArray(value)) return value.map(decodeAll);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeAll(v)]));
  return value;
}

/** The one cloudflare_ruleset resource of a parsed file (hcl2json gives every block as a list). */
export function rulesetResource(parsed: Record<string, Json>, label?: string): { label: string; body: Record<string, Json> } {
  const resources = (parsed.resource as Record<string, Record<string, Json[]>>).cloudflare_ruleset!;
  const labels = Object.keys(resources);
  const chosen = label ?? labels[0]!;
  if (!label && labels.length !== 1) throw new Error(`expected one cloudflare_ruleset, found ${labels.length}`);
  return { label: chosen, body: resources[chosen]![0] as Record<string, Json> };
}

/** 4.x blocks that hold one object: hcl2json gives each as a list of one. */
const SINGLE_BLOCKS = new Set(["action_parameters", "overrides", "logging", "matched_data", "exposed_credential_check"]);

/** A parsed rule back in the platform's shape: 4.x single blocks unwrapped, its comma-joined rule ids split. */
export function platformRule(rule: Record<string, Json>, syntax: "v4" | "v5"): Record<string, Json> {
  const walk = (value: Json, key: string, depth: number): Json => {
    if (syntax === "v4" && SINGLE_BLOCKS.has(key)) {
      if (!Array.isArray(value) || value.length !== 1) throw new Error(`${key}: expected one block`);
      value = value[0]!;
    }
    if (syntax === "v4" && key === "rules" && depth === 2 && value && typeof value === "object" && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).map(([id, ids]) => [id, String(ids).split(",")]));
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, "", depth + 1));
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k, depth + 1)]));
    return value;
  };
  return walk(decodeAll(rule), "", 0) as Record<string, Json>;
}

/**
 * The source rules as the file must hold them: read-only fields and blank refs dropped, empty lists and nulls
 * too, and an execute rule's `action_parameters.version: "latest"` (the default neither provider can write).
 */
export function writableRule(rule: Record<string, unknown>): Record<string, Json> {
  const strip = (value: unknown, top: boolean): Json | undefined => {
    if (value === null || value === undefined) return undefined;
    if (Array.isArray(value)) return value.length === 0 ? undefined : value.map((v) => strip(v, false) as Json);
    if (typeof value === "object") {
      const entries = Object.entries(value)
        .filter(([k, v]) => !(top && ["id", "version", "last_updated"].includes(k)) && !(top && k === "ref" && v === ""))
        .map(([k, v]) => [k, strip(v, false)] as const)
        .filter(([, v]) => v !== undefined);
      return Object.fromEntries(entries) as Json;
    }
    return value as Json;
  };
  const parameters = rule.action_parameters as Record<string, unknown> | undefined;
  const unpinned = parameters?.version === "latest" ? { ...rule, action_parameters: { ...parameters, version: undefined } } : rule;
  return strip(unpinned, true) as Record<string, Json>;
}
