// A stable `ref` for every rule: the providers match rules by ref across applies, so a rule keeps its
// ref (the platform's, or one given before); a rule without one gets a ref derived from what it is,
// the same on every export, never from its position.

export interface RefSource {
  ref?: unknown;
  action: string;
  expression: string;
  action_parameters?: { id?: unknown };
}

export function stableRefs(rules: readonly RefSource[]): string[] {
  const taken = new Set(rules.map((rule) => rule.ref).filter((ref): ref is string => typeof ref === "string" && ref !== ""));
  return rules.map((rule) => {
    if (typeof rule.ref === "string" && rule.ref !== "") return rule.ref;
    const base = derivedRef(rule);
    let ref = base;
    for (let n = 2; taken.has(ref); n++) ref = `${base}_${n}`;
    taken.add(ref);
    return ref;
  });
}

/** `execute_<ruleset id>` for a managed ruleset, `<action>_<hash of the expression>` for the others. */
export function derivedRef(rule: RefSource): string {
  const action = /^[a-z_]+$/.test(rule.action) ? rule.action : "rule";
  const rulesetId = rule.action_parameters?.id;
  if (rule.action === "execute" && typeof rulesetId === "string" && /^[0-9a-f]{32}$/.test(rulesetId)) return `execute_${rulesetId}`;
  return `${action}_${hash64(rule.expression)}`;
}

/** Two FNV-1a passes over the UTF-8 bytes: 16 hex characters, the same in every runtime. */
function hash64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return fnv1a(bytes, 0x811c9dc5) + fnv1a(bytes, 0x01000193 ^ 0x5bd1e995);
}

function fnv1a(bytes: Uint8Array, seed: number): string {
  let hash = seed >>> 0;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}
