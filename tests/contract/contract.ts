// The upstream contract (tests/fixtures/contract/upstream-contract.json) and the real OpenAPI operations it
// points at (tests/fixtures/reference/cloudflare-v4-openapi-subset.json), read from the repository only.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

export interface ContractCall {
  call: string;
  operation: { method: string; path: string; operationId: string; deprecated?: boolean } | null;
  sources: string[];
  request: string;
  reads: string;
  onDifference: string;
  prism: string;
  /** The parser an answer is read with and the fields it requires and reads (tests/unit/contract/parsed-fields.test.ts). */
  parsed?: {
    parser: string;
    required: string[];
    optional: string[];
    documented?: string;
    with?: Record<string, unknown>;
    prefer?: string;
  };
}

export interface OpenApiOperation {
  operationId?: string;
  parameters?: Array<Record<string, unknown>>;
  requestBody?: Record<string, unknown>;
  responses: Record<string, unknown>;
  security?: unknown;
  [key: string]: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  info: object;
  servers?: unknown;
  security: unknown[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Record<string, unknown>>; [key: string]: unknown };
}

export interface Reference {
  openapi: OpenApiDocument;
  documented_not_in_openapi: { paths: Record<string, Record<string, Record<string, unknown>>> };
  [key: string]: unknown;
}

export const contract = JSON.parse(readFileSync(fixture("contract/upstream-contract.json"), "utf8")) as {
  sources: Record<string, string>;
  calls: ContractCall[];
};

/** A fresh copy each time: callers may change it. */
export function loadReference(): Reference {
  return JSON.parse(readFileSync(fixture("reference/cloudflare-v4-openapi-subset.json"), "utf8")) as Reference;
}

/** `GET /zones/:id/x` for an OpenAPI path and method: how lib/http/upstream-calls.ts names the call. */
export function patternOf(method: string, openApiPath: string): string {
  return `${method.toUpperCase()} ${openApiPath.replace(/\{[^}]+\}/g, ":id")}`;
}

/** Resolves a local `#/…` reference inside the document. */
export function resolveRef<T = Record<string, unknown>>(document: object, ref: string): T {
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, "").split("/")) {
    node = (node as Record<string, unknown>)[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  }
  return node as T;
}
