// The export's query parameters, checked: a bad or missing value is a 400 naming it.
import { InputError } from "@/lib/errors/input-error";
import type { RequestedConfig } from "@/lib/terraform/export-plan";
import type { Syntax } from "@/lib/terraform/render-rules";

export const SYNTAXES = ["v4", "v5"] as const satisfies readonly Syntax[];
export const CONFIGS = ["proposed", "live", "auto"] as const satisfies readonly RequestedConfig[];

/** `syntax` has no default: the two provider majors do not read each other's files, so the user chooses. */
export function exportQuery(url: URL): { syntax: Syntax; config: RequestedConfig } {
  const syntax = url.searchParams.get("syntax");
  if (!syntax)
    throw new InputError("syntax", "syntax is required: v4 (provider 4.x, `rules { … }` blocks) or v5 (provider 5.x, `rules = [ … ]`)");
  if (!oneOf(syntax, SYNTAXES)) throw new InputError("syntax", `syntax must be one of ${SYNTAXES.join(", ")}`);
  const config = url.searchParams.get("config") || "auto";
  if (!oneOf(config, CONFIGS)) throw new InputError("config", `config must be one of ${CONFIGS.join(", ")}`);
  return { syntax, config };
}

function oneOf<T extends string>(value: string, values: readonly T[]): value is T {
  return (values as readonly string[]).includes(value);
}
