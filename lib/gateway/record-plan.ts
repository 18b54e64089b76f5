// The trace schema (zod) read once as a plan for checking a record's bytes as they arrive: which keys an
// object must have, which values are hex strings or non-negative integers. What the plan cannot read
// exactly becomes "unsure", and an unsure record goes to zod itself: the plan can only agree with zod
// or hand the record to it, never accept what zod refuses.
import type { z } from "zod";

export type Plan =
  | {
      kind: "object";
      fields: Map<string, Field>;
      byLength: Field[][];
      requiredMask: number;
      otherKeys: boolean;
      nullable: boolean;
      /** The known key the last object checked began with: a hint, tried first (record-check.ts). */
      first?: Field;
    }
  | { kind: "array"; element: Plan; nullable: boolean }
  | {
      kind: "string";
      hex: boolean;
      nullable: boolean;
      /** Captures whether a hex value begins with a 4-byte function selector (a trace's input; record-check.ts). */
      captureSelector: boolean;
    }
  | { kind: "integer"; nonNegative: boolean; nullable: boolean; capture?: boolean }
  | { kind: "any"; nullable: boolean }
  | { kind: "unsure"; nullable: boolean };

export interface Field {
  plan: Plan;
  /** The field's bit in its object's requiredMask; 0 when it may be absent. */
  bit: number;
  /** The key's bytes (ASCII), compared with the record's without decoding it. */
  key: Uint8Array;
  /** The known key that followed this one the last time: a hint, tried first (record-check.ts). */
  next?: Field;
}

/** The one hex rule of trace-schema.ts; another pattern is not read here (zod checks it). */
const HEX_PATTERN = "^0x[0-9a-fA-F]*$";

interface Def {
  type: string;
  innerType?: ZodLike;
  element?: ZodLike;
  shape?: Record<string, ZodLike>;
  catchall?: ZodLike;
  checks?: Array<{ _zod: { def: { check: string; format?: string; pattern?: RegExp; value?: unknown; inclusive?: boolean } } }>;
}
interface ZodLike {
  _zod: { def: Def };
}

export const UNSURE_PLAN: Plan = { kind: "unsure", nullable: false };
export const ANY_PLAN: Plan = { kind: "any", nullable: true };

/** The plan of a zod schema: objects, arrays, strings, numbers, optional and nullable; anything else unsure. */
export function planOf(schema: z.ZodType): Plan {
  return compile(schema as unknown as ZodLike).plan;
}

function compile(schema: ZodLike): { plan: Plan; optional: boolean } {
  let def = schema._zod.def;
  let optional = false;
  let nullable = false;
  for (;;) {
    if (def.type === "optional") optional = true;
    else if (def.type === "nullable") nullable = true;
    else break;
    def = def.innerType!._zod.def;
  }
  return { plan: planOfDef(def, nullable), optional };
}

/** The definition keys each kind may have here; another (a format, coercion, refinement…) is beyond the plan. */
const DEF_KEYS: Record<string, string[]> = {
  object: ["type", "shape", "catchall", "error"],
  array: ["type", "element", "error"],
  string: ["type", "checks", "error"],
  number: ["type", "checks", "error"],
  unknown: ["type"],
  any: ["type"],
};
const CHECK_KEYS = ["check", "format", "pattern", "value", "inclusive", "abort", "error", "type"];

function planOfDef(def: Def, nullable: boolean): Plan {
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  const known = DEF_KEYS[def.type];
  if (!known || Object.keys(def).some((key) => !known.includes(key))) return { kind: "unsure", nullable };
  if (checks.some((check) => Object.keys(check).some((key) => !CHECK_KEYS.includes(key)))) return { kind: "unsure", nullable };
  switch (def.type) {
    case "object": {
      const fields = new Map<string, Field>();
      let requiredMask = 0;
      let required = 0;
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        const { plan, optional } = compile(value);
        // More than 30 required keys (one bit each), or a key that is not plain ASCII, is beyond this plan.
        if ((!optional && required === 30) || !/^[\x20-\x7e]*$/.test(key) || /["\\]/.test(key)) return { kind: "unsure", nullable };
        const bit = optional ? 0 : 1 << required++;
        requiredMask |= bit;
        // The hints start empty, but present: every plan and field keeps one shape when the check sets them.
        fields.set(key, { plan, bit, key: Uint8Array.from(key, (c) => c.charCodeAt(0)), next: undefined });
      }
      const catchall = def.catchall?._zod.def.type;
      // z.object (no catchall) and z.looseObject (unknown) accept other keys; z.strictObject (never) does not.
      const otherKeys = catchall === undefined || catchall === "unknown" || catchall === "any";
      const byLength: Field[][] = [];
      for (const field of fields.values()) (byLength[field.key.length] ??= []).push(field);
      return { kind: "object", fields, byLength, requiredMask, otherKeys, nullable, first: undefined };
    }
    case "array":
      return checks.length ? { kind: "unsure", nullable } : { kind: "array", element: compile(def.element!).plan, nullable };
    case "string": {
      if (checks.length === 0) return { kind: "string", hex: false, nullable, captureSelector: false };
      const [check] = checks;
      const hex =
        checks.length === 1 &&
        check!.check === "string_format" &&
        check!.format === "regex" &&
        check!.pattern?.source === HEX_PATTERN &&
        check!.pattern.flags === "";
      return hex ? { kind: "string", hex: true, nullable, captureSelector: false } : { kind: "unsure", nullable };
    }
    case "number": {
      let nonNegative = false;
      for (const check of checks) {
        if (check.check === "number_format" && check.format === "safeint") continue;
        if (check.check === "greater_than" && check.value === 0 && check.inclusive === true) nonNegative = true;
        else return { kind: "unsure", nullable };
      }
      // Only integers of at most 15 digits pass quickly: always safe integers, whichever the checks.
      return { kind: "integer", nonNegative, nullable };
    }
    case "unknown":
    case "any":
      return { kind: "any", nullable: true };
    default:
      return { kind: "unsure", nullable };
  }
}
