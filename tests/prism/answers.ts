// The answers Prism gives, built from each operation's own 200 schema (tests/contract/example.ts) rather than
// Prism's static generator, which answers `[null]` for lists of alternatives and schema-invalid bodies for
// some allOf lists. Prism still checks every answer against the schema (a bad one is a response violation).
// The few choices below pick which real alternative or enum value an answer shows, each for a stated reason.
import { resolveRef, type OpenApiDocument, type OpenApiOperation } from "@/tests/contract/contract";
import { exampleOf, type ExampleOptions } from "@/tests/contract/example";

type Answer = { result?: unknown };
const mentions = (schema: object, text: string) => JSON.stringify(schema).includes(text);

/** Per operation path: how its answer is chosen, and why. */
const CHOICES: Record<string, { options?: ExampleOptions; adjust?: (answer: Answer) => void; why: string }> = {
  "/zones/{zone_identifier}/firewall/waf/packages": {
    options: { everyBranch: true },
    why: "both package kinds the schema allows (legacy and anomaly): the anomaly one is the OWASP set Preflight reads on",
  },
  "/zones/{zone_id}/firewall/waf/packages/{package_id}/groups": {
    adjust: (a) => ((a.result as Array<Record<string, unknown>>)[0]!.modified_rules_count = 1),
    why: "a group with modified rules, so Preflight goes on to read the rules turned off in it",
  },
  "/zones/{zone_id}/firewall/waf/packages/{package_id}/rules": {
    options: { everyBranch: true },
    why: "every rule kind the schema allows (anomaly, traditional deny, traditional allow)",
  },
  "/zones/{zone_id}/dns_records": {
    options: { everyBranch: true, prefer: (alt) => mentions(alt, '["CAA"]') },
    why: "Preflight lists type=CAA only: the real API answers CAA records only",
  },
  "/zones/{zone_id}/rulesets/phases/{ruleset_phase}/entrypoint": {
    options: { prefer: (alt) => mentions(alt, '"execute"') },
    why: "the managed phase's entry point executes managed rulesets (an execute rule)",
  },
  "/user/invites": {
    adjust: (a) => ((a.result as Array<Record<string, unknown>>)[0]!.status = "pending"),
    why: "a pending invitation (a value of the schema's enum), so the acceptance is planned and sent",
  },
  "/zones/{zone_id}/custom_hostnames": {
    adjust: (a) => {
      const { ssl } = (a.result as Array<{ ssl: Record<string, unknown> }>)[0]!;
      ssl.certificate_authority = "lets_encrypt";
      // The example fills every field: an uploaded certificate's too, which would make it a hostname no CA issues for.
      delete ssl.custom_certificate;
      delete ssl.custom_key;
    },
    why:
      "a hostname on the legacy-chain CA (a value of the schema's enum) that serves no uploaded certificate " +
      "(the schema's example has custom_certificate too), so the switch is planned and sent",
  },
};

export const ANSWER_CHOICES = Object.entries(CHOICES).map(([path, c]) => ({ path, why: c.why }));

/** Sets each operation's 200 example to the answer built from its schema. */
export function setAnswers(document: OpenApiDocument): void {
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const op of Object.values(operations) as OpenApiOperation[]) {
      let response = op.responses["200"] as { $ref?: string; content?: Record<string, { schema?: object; example?: unknown }> } | undefined;
      if (response?.$ref) response = resolveRef(document, response.$ref);
      const media = (response?.content ?? {})["application/json"];
      if (!media?.schema) continue;
      const choice = CHOICES[path];
      const answer = exampleOf(document, media.schema as Record<string, unknown>, choice?.options) as Answer;
      if (answer && typeof answer === "object") {
        Object.assign(answer, { success: true, errors: [], messages: [] });
        choice?.adjust?.(answer);
      }
      media.example = answer;
    }
  }
}
