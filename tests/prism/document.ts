// The OpenAPI document Prism serves: only the real operations of the contract, copied from the 2024 schema,
// with the corrections that the docs and the SDK make to it. Each correction names its source; nothing
// else is changed, so Prism validates Preflight's requests against the platform's own words.
import { setAnswers } from "@/tests/prism/answers";
import { contract, loadReference, resolveRef, type OpenApiDocument, type OpenApiOperation } from "@/tests/contract/contract";

/** A UUID as the 2024 schema itself gives for custom hostnames (the list's `id` filter and `ssl.id`). */
const HOSTNAME_UUID = { type: "string", minLength: 36, maxLength: 36, example: "0d89c70d-ad9f-4843-b99f-6cc0252067e9" };

/** CertificatePackListResponse of the SDK (2026 schema), as JSON schema; enums copied from its .d.ts. */
const SDK_CERTIFICATE_PACK = {
  type: "object",
  required: ["id", "certificates", "hosts", "status", "type"],
  properties: {
    id: { type: "string", example: "3822ff90-ea29-44df-9e55-21300bb9419b" },
    certificates: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "hosts", "status"],
        properties: {
          id: { type: "string", example: "7e7b8deba8538af625850b7b2530034c" },
          hosts: { type: "array", items: { type: "string" }, example: ["example.com"] },
          status: { type: "string", example: "active" },
          bundle_method: { type: "string", example: "ubiquitous" },
          expires_on: { type: "string", example: "2024-12-01T00:00:00Z" },
          issuer: { type: "string", example: "GoogleTrustServices" },
          uploaded_on: { type: "string", example: "2024-09-01T00:00:00Z" },
        },
      },
    },
    hosts: { type: "array", items: { type: "string" }, example: ["example.com", "*.example.com"] },
    status: {
      enum: [
        "initializing",
        "pending_validation",
        "deleted",
        "pending_issuance",
        "pending_deployment",
        "pending_deletion",
        "pending_expiration",
        "expired",
        "active",
        "initializing_timed_out",
        "validation_timed_out",
        "issuance_timed_out",
        "deployment_timed_out",
        "deletion_timed_out",
        "pending_cleanup",
        "staging_deployment",
        "staging_active",
        "deactivating",
        "inactive",
        "backup_issued",
        "holding_deployment",
      ],
      example: "active",
    },
    type: {
      enum: ["mh_custom", "managed_hostname", "sni_custom", "universal", "advanced", "total_tls", "keyless", "legacy_custom"],
      example: "advanced",
    },
    certificate_authority: { enum: ["google", "lets_encrypt", "ssl_com"], example: "lets_encrypt" },
    primary_certificate: { type: "string", example: "7e7b8deba8538af625850b7b2530034c" },
    validation_method: { enum: ["txt", "http", "email"], example: "txt" },
    validity_days: { enum: [14, 30, 90, 365], example: 90 },
    cloudflare_branding: { type: "boolean" },
  },
};

export interface Correction {
  call: string;
  what: string;
  source: string;
}

export const CORRECTIONS: Correction[] = [
  {
    call: "every operation",
    what: "accepts the API token (Authorization: Bearer)",
    source:
      "the schema's top-level security lists api_token; per-operation lists of 2024 often name only e-mail + key (#_meta.notes); " +
      "docs: a token authorizes every call",
  },
  {
    call: "PUT …/rulesets/phases/{ruleset_phase}/entrypoint",
    what: "query waf_migration (pending|1|validation|2) and phase_two (1)",
    source: "cloudflare-docs waf/reference/legacy/old-waf-managed-rules/upgrade.mdx (#documented_not_in_openapi)",
  },
  {
    call: "GET …/ssl/certificate_packs",
    what: "query page and per_page",
    source: "cloudflare-typescript resources/ssl/certificate-packs: CertificatePackListParams extends V4PagePaginationArrayParams",
  },
  {
    call: "GET …/ssl/certificate_packs",
    what: "typed items (the 2024 schema leaves them `{type: object}`)",
    source:
      "cloudflare-typescript resources/ssl/certificate-packs: " +
      "CertificatePackListResponse (required id, certificates[{id, hosts, status}], hosts, status, type)",
  },
  {
    call: "custom hostnames",
    what: "the hostname id is a 36-character UUID (list items and the PATCH path)",
    source: "the same 2024 schema's `id` filter (minLength/maxLength 36, UUID example) and ssl.id; cloudflare-go custom_hostname_test.go",
  },
  {
    call: "request bodies",
    what: "read-only properties (version, last_updated of a rule) are not required in a request",
    source:
      "OpenAPI 3.0.3, Schema Object `readOnly`: a required read-only property applies to responses only; Prism 5.16 enforces it in nested request schemas",
  },
  {
    call: "DELETE …/firewall/waf/overrides/{id}",
    what: "no request body required",
    source: "the schema lists an empty application/json body (no schema) as required; the SDK's overrides.delete sends none",
  },
];

/** The Prism document: contract operations only (anything else Preflight calls is a 404 there), answers set. */
export function prismDocument(): OpenApiDocument {
  const document = contractDocument();
  // Prism applies `required` of read-only properties to requests too; the answers are checked by our parser tests.
  for (const schema of Object.values(document.components.schemas)) dropReadOnlyRequired(document, schema);
  setAnswers(document);
  return document;
}

/** The contract's operations with the corrections of the SDK and the docs; read-only fields still required in answers. */
export function contractDocument(): OpenApiDocument {
  const reference = loadReference();
  const full = reference.openapi;
  const paths: OpenApiDocument["paths"] = {};
  for (const { operation } of contract.calls) {
    if (!operation) continue;
    const source = full.paths[operation.path]?.[operation.method];
    if (!source) throw new Error(`the contract names ${operation.method} ${operation.path}, which the reference lacks`);
    paths[operation.path] = { ...paths[operation.path], [operation.method]: structuredClone(source) };
  }
  const document: OpenApiDocument = { ...full, paths };
  for (const operations of Object.values(paths)) {
    for (const op of Object.values(operations)) op.security = full.security;
  }

  const entrypoint = paths["/zones/{zone_id}/rulesets/phases/{ruleset_phase}/entrypoint"]!.put!;
  const documented = reference.documented_not_in_openapi.paths["/zones/{zone_id}/rulesets/phases/{ruleset_phase}/entrypoint"]!.put!;
  entrypoint.parameters = [...(entrypoint.parameters ?? []), ...(documented["x-extra-query-parameters"] as Array<Record<string, unknown>>)];

  const packs = paths["/zones/{zone_id}/ssl/certificate_packs"]!.get!;
  packs.parameters = [
    ...(packs.parameters ?? []),
    { in: "query", name: "page", schema: { type: "number", minimum: 1 } },
    { in: "query", name: "per_page", schema: { type: "number", minimum: 1 } },
  ];

  const packList = (packs.responses["200"] as { content: Record<string, { schema: Record<string, unknown> }> }).content[
    "application/json"
  ]!;
  packList.schema = { allOf: [packList.schema, { properties: { result: { type: "array", items: SDK_CERTIFICATE_PACK } } }] };

  const hostnamePatch = paths["/zones/{zone_id}/custom_hostnames/{custom_hostname_id}"]!.patch!;
  replaceParameter(hostnamePatch, "custom_hostname_id", HOSTNAME_UUID);
  for (const name of ["tls-certificates-and-hostnames_custom-hostname", "tls-certificates-and-hostnames_customhostname"]) {
    const schema = document.components.schemas[name] as { properties: Record<string, unknown> };
    schema.properties.id = HOSTNAME_UUID;
  }

  const overrideDelete = paths["/zones/{zone_identifier}/firewall/waf/overrides/{id}"]!.delete!;
  delete overrideDelete.requestBody;
  return document;
}

function dropReadOnlyRequired(document: OpenApiDocument, schema: Record<string, unknown>): void {
  type Property = { readOnly?: boolean; $ref?: string; allOf?: Property[] };
  const properties = schema.properties as Record<string, Property> | undefined;
  if (!properties || !Array.isArray(schema.required)) return;
  const readOnly = (p: Property | undefined, depth = 0): boolean =>
    p !== undefined &&
    depth < 8 &&
    (p.readOnly === true ||
      (p.$ref !== undefined && readOnly(resolveRef<Property>(document, p.$ref), depth + 1)) ||
      Boolean(p.allOf?.some((part) => readOnly(part, depth + 1))));
  schema.required = (schema.required as string[]).filter((name) => !readOnly(properties[name]));
}

function replaceParameter(op: OpenApiOperation, name: string, schema: object): void {
  op.parameters = (op.parameters ?? []).map((p) => (p.name === name ? { ...p, schema } : p));
}

/** The query names an operation declares (after the corrections), resolving `$ref` parameters. */
export function declaredQueryNames(document: OpenApiDocument, op: OpenApiOperation): Set<string> {
  const names = new Set<string>();
  for (const p of op.parameters ?? []) {
    const param = typeof p.$ref === "string" ? resolveRef<Record<string, unknown>>(document, p.$ref) : p;
    if (param.in === "query") names.add(String(param.name));
  }
  return names;
}
