// The clean rules fitted to one provider major's schema (tests/fixtures/terraform): what it has no
// attribute for is left out, and an override that then sets nothing goes with it (the API requires a
// setting; 5.x's AtLeastOneOf). Nothing goes silently: each remark is a comment at its place in the file
// and a line of the header's notes. Pure.
import type { CleanObject, CleanValue } from "@/lib/terraform/clean-rules";
import type { Syntax } from "@/lib/terraform/render-rules";
import { RULE_FIELDS, type FieldSpec } from "@/lib/terraform/rule-fields";

/** A comment for the file, written at `at` (a path in the fitted rules); `from` is the platform's path it is about. */
export interface Remark {
  at: string;
  from: string;
  words: string;
}

export interface Fitted {
  rules: CleanObject[];
  remarks: Remark[];
}

/** Fields a major has no attribute for, by their path under a rule (4.52.8 docs/resources/ruleset.md). */
const ABSENT: Record<Syntax, Record<string, string>> = {
  v4: {
    "action_parameters.overrides.categories.sensitivity_level":
      "cloudflare_ruleset 4.x has no sensitivity_level in overrides.categories (5.x has); set it by hand after applying, or export for 5.x",
  },
  v5: {},
};

/** Written, with a word of warning: the major's docs describe the field for other rules only. */
function caveats(rule: CleanObject, syntax: Syntax): string[] {
  if (syntax === "v4" && rule.logging !== undefined && rule.action !== "skip")
    return [
      "logging is written as the platform answered it, but 4.x documents logging for skip rules only; if the plan refuses it, remove it.",
    ];
  return [];
}

export function fitToSyntax(rules: readonly CleanObject[], syntax: Syntax): Fitted {
  const remarks: Remark[] = [];
  const fitted = rules.map((rule, i) => {
    const at = `rules[${i}]`;
    for (const words of caveats(rule, syntax)) remarks.push({ at, from: at, words });
    const { object, left } = fitObject(rule, RULE_FIELDS, "", { at, from: at }, ABSENT[syntax], remarks);
    remarks.push(...left);
    return object;
  });
  return { rules: fitted, remarks };
}

interface Where {
  at: string;
  from: string;
}

/** The object fitted, and the remarks on what it lost (written on it, or on its parent if it goes too). */
function fitObject(
  object: CleanObject,
  fields: Record<string, FieldSpec>,
  scope: string,
  where: Where,
  absent: Record<string, string>,
  remarks: Remark[],
): { object: CleanObject; left: Remark[] } {
  const out: CleanObject = {};
  const left: Remark[] = [];
  // A part that sets nothing once fitted is left out, said on this object with what it lost.
  const keep = (child: { object: CleanObject; left: Remark[] }, settings: readonly string[] | undefined, from: string, name: string) => {
    if (!settings || settings.some((k) => child.object[k] !== undefined)) {
      remarks.push(...child.left);
      return true;
    }
    const lost = child.left.map((r) => r.words.replace(/\.$/, "")).join("; ");
    const words = `${name} is left out: ${lost ? `${lost}; ` : ""}it sets nothing else, and the platform refuses an override that sets nothing.`;
    left.push({ at: where.at, from, words });
    return false;
  };
  for (const [key, value] of Object.entries(object)) {
    const path = scope ? `${scope}.${key}` : key;
    const spec = fields[key];
    const from = `${where.from}.${key}`;
    if (absent[path]) left.push({ ...where, words: `${key} = ${JSON.stringify(value)} is not written: ${absent[path]}.` });
    else if (spec?.kind === "object") {
      const child = fitObject(value as CleanObject, spec.fields, path, { at: `${where.at}.${key}`, from }, absent, remarks);
      if (keep(child, spec.settings, from, key)) out[key] = child.object;
    } else if (spec?.kind === "objects") {
      const kept: CleanObject[] = [];
      (value as CleanObject[]).forEach((element, j) => {
        const at = { at: `${where.at}.${key}[${kept.length}]`, from: `${from}[${j}]` };
        const child = fitObject(element, spec.fields, path, at, absent, remarks);
        const named = element.category ?? element.id;
        if (keep(child, spec.settings, at.from, `${key}[${j}]${named === undefined ? "" : ` (${String(named)})`}`)) kept.push(child.object);
      });
      if (kept.length) out[key] = kept;
    } else out[key] = value as CleanValue;
  }
  return { object: out, left };
}
