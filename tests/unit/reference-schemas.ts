// The reference OpenAPI subset compiled with Ajv, so sandbox answers are checked against the real shapes.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { expect } from "vitest";

// ajv-formats is CommonJS: its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const reference = JSON.parse(
  readFileSync(resolve(repoRoot, "tests/fixtures/reference/cloudflare-v4-openapi-subset.json"), "utf8"),
) as {
  openapi: object;
  common_components_2026: object;
  sdk_observed_2026: { schemas: { "Zone.status": string[]; "Zone.type": string[] } };
};

export const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(reference.openapi, "cf-openapi");
ajv.addSchema(reference.common_components_2026, "cf-common");

/** The schema of one documented answer, e.g. responseSchema("/zones", "get", "200"). */
export function responseSchema(path: string, method: string, status: string): ValidateFunction {
  const pointer = path.replaceAll("~", "~0").replaceAll("/", "~1");
  return ajv.compile({ $ref: `cf-openapi#/paths/${pointer}/${method}/responses/${status}/content/application~1json/schema` });
}

export function expectValid(validate: ValidateFunction, data: unknown, label: string): void {
  const valid = validate(data);
  const details = valid
    ? ""
    : `${ajv.errorsText(validate.errors, { separator: "\n" })}\n${JSON.stringify(validate.errors, null, 2).slice(0, 4000)}`;
  expect(valid, `${label} does not match the reference:\n${details}`).toBe(true);
}
