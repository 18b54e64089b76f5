// The rules as HCL in either provider syntax: 4.x writes every nested object as a block (`rules { … }`,
// `action_parameters { overrides { categories { … } } }`), 5.x as attributes (`rules = [ { … } ]`,
// nested objects). Both walk rule-fields.ts in its order, with the words of rule-comments.ts as comments.
import type { CleanObject, CleanValue } from "@/lib/terraform/clean-rules";
import { attribute, block, type BodyItem, type HclValue } from "@/lib/terraform/hcl-writer";
import { RULE_FIELDS, type FieldSpec } from "@/lib/terraform/rule-fields";
import { categoryWords, executedRulesetWords, ruleHeading, ruleOverrideWords, skippedWords } from "@/lib/terraform/rule-comments";

/** `v4`: cloudflare/cloudflare 4.x; `v5`: 5.x. */
export type Syntax = "v4" | "v5";

/** `remarks`: comments keyed by the concrete path they are written at (`rules[3].action_parameters.overrides`). */
export function rulesItems(rules: readonly CleanObject[], syntax: Syntax, remarks: ReadonlyMap<string, string[]> = new Map()): BodyItem[] {
  const bodies = rules.map((rule, i) => ({
    heading: [...ruleHeading(rule, i, rules.length), ...(remarks.get(`rules[${i}]`) ?? [])],
    body: fields(rule, RULE_FIELDS, syntax, context(rule, `rules[${i}]`, remarks)),
  }));
  if (syntax === "v4") return bodies.map(({ heading, body }) => block("rules", body, [], heading));
  return [attribute("rules", { list: bodies.map(({ heading, body }) => ({ value: { object: body }, comments: heading })) })];
}

interface Context {
  path: string;
  /** Where in the rules the value is: the key of its remarks. */
  at: string;
  remarks: ReadonlyMap<string, string[]>;
  /** The managed ruleset the rule executes: names the rules its overrides target. */
  rulesetId?: string;
}

function context(rule: CleanObject, at: string, remarks: ReadonlyMap<string, string[]>): Context {
  const id = (rule.action_parameters as CleanObject | undefined)?.id;
  return { path: "rule", at, remarks, rulesetId: typeof id === "string" ? id : undefined };
}

function withRemarks(comments: string[] | undefined, ctx: Context, at: string): string[] | undefined {
  const extra = ctx.remarks.get(at);
  return extra ? [...(comments ?? []), ...extra] : comments;
}

function fields(object: CleanObject, spec: Record<string, FieldSpec>, syntax: Syntax, ctx: Context): BodyItem[] {
  const items: BodyItem[] = [];
  let skipWordsGiven = false;
  for (const [key, fieldSpec] of Object.entries(spec)) {
    const value = object[key];
    if (value === undefined) continue;
    const path = `${ctx.path}.${key}`;
    let comments: string[] | undefined;
    if (path === "rule.action_parameters.id") comments = executedRulesetWords(String(value));
    if ((path === "rule.action_parameters.rulesets" || path === "rule.action_parameters.rules") && !skipWordsGiven) {
      comments = skippedWords(object);
      skipWordsGiven = true;
    }
    const at = `${ctx.at}.${key}`;
    items.push(...field(key, value, fieldSpec, syntax, { ...ctx, path, at }, withRemarks(comments, ctx, at)));
  }
  return items;
}

function field(key: string, value: CleanValue, spec: FieldSpec, syntax: Syntax, ctx: Context, comments?: string[]): BodyItem[] {
  switch (spec.kind) {
    case "string":
    case "bool":
    case "number":
      return [attribute(key, value as string | number | boolean, comments)];
    case "strings":
      return [attribute(key, { list: (value as string[]).map((v) => ({ value: v })) }, comments)];
    case "idLists": {
      // 4.x: a map of comma-joined rule ids; 5.x: a map of lists.
      const entries = Object.entries(value as Record<string, string[]>).map(([rulesetId, ids]) =>
        attribute(rulesetId, syntax === "v4" ? ids.join(",") : { list: ids.map((id) => ({ value: id })) }),
      );
      return [attribute(key, { object: entries }, comments)];
    }
    case "object": {
      const body = fields(value as CleanObject, spec.fields, syntax, ctx);
      return [syntax === "v4" ? block(key, body, [], comments) : attribute(key, { object: body }, comments)];
    }
    case "objects": {
      const elements = (value as CleanObject[]).map((element, i) => ({
        body: fields(element, spec.fields, syntax, { ...ctx, at: `${ctx.at}[${i}]` }),
        words: withRemarks(elementWords(element, ctx), ctx, `${ctx.at}[${i}]`),
      }));
      if (syntax === "v4") return elements.map(({ body, words }) => block(key, body, [], words));
      const list: HclValue = { list: elements.map(({ body, words }) => ({ value: { object: body }, comments: words })) };
      return [attribute(key, list, comments)];
    }
  }
}

function elementWords(element: CleanObject, ctx: Context): string[] | undefined {
  if (ctx.path === "rule.action_parameters.overrides.categories") return categoryWords(element);
  if (ctx.path === "rule.action_parameters.overrides.rules") return ruleOverrideWords(element, ctx.rulesetId);
  return undefined;
}
