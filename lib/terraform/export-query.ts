// The export's query parameters, checked: a bad or missing value is a 400 naming it.
import { InputError } from "@/lib/http/input-error";
import { queryEnum } from "@/lib/http/query";
import type { RequestedConfig } from "@/lib/terraform/export-plan";
import type { Syntax } from "@/lib/terraform/render-rules";

export const SYNTAXES = ["v4", "v5"] as const satisfies readonly Syntax[];
export const CONFIGS = ["proposed", "live", "auto"] as const satisfies readonly RequestedConfig[];

/** `syntax` has no default: the two provider majors do not read each other's files, so the user chooses. */
export function exportQuery(url: URL): { syntax: Syntax; config: RequestedConfig } {
  if (!url.searchParams.get("syntax")) throw new InputError("syntax", "syntax is required: v4 (provider 4.x, `rules { … }` blocks) or v5 (provider 5.x, `rules = [ … ]`)");
  return { syntax: queryEnum(url, "syntax", SYNTAXES, "v5"), config: queryEnum(url, "config", CONFIGS, "auto") };
}
