// One configuration path for both runtimes: on workerd the request's `env` (OpenNext's context), on Node
// the process environment; and the bucket is the edge binding on workerd, never Miniflare.
import { afterEach, describe, expect, it, vi } from "vitest";
import { configSource, edgeEnv, onEdgeRuntime } from "@/lib/edge/runtime";
import { BUCKET_BINDING, getBucket } from "@/lib/storage/bucket-provider";

const CONTEXT = Symbol.for("__cloudflare-context__");
const globals = globalThis as Record<symbol, unknown>;

function enterWorkerd(env: Record<string, unknown> | undefined) {
  vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" });
  globals[CONTEXT] = env && { env, ctx: {}, cf: undefined };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete globals[CONTEXT];
});

describe("configSource", () => {
  it("is the process environment on Node", () => {
    expect(onEdgeRuntime()).toBe(false);
    expect(edgeEnv()).toBeUndefined();
    expect(configSource()).toBe(process.env);
  });

  it("is the request's env on workerd, string values only (bindings are not configuration)", () => {
    enterWorkerd({ CLOUDFLARE_API_TOKEN: "edge-token", EDGE_PLAN: "free", BUCKET: { get() {} } });
    expect(configSource()).toEqual({ CLOUDFLARE_API_TOKEN: "edge-token", EDGE_PLAN: "free" });
  });

  it("falls back to the process environment outside a request (global scope)", () => {
    enterWorkerd(undefined);
    expect(configSource()).toBe(process.env);
  });
});

describe("getBucket on workerd", () => {
  it("is the bound bucket", async () => {
    const bucket = { head: async () => null };
    enterWorkerd({ [BUCKET_BINDING]: bucket });
    expect(await getBucket()).toBe(bucket);
  });

  it("names the missing binding instead of reaching for the Node-only local bucket", async () => {
    enterWorkerd({});
    await expect(getBucket()).rejects.toThrow(/bucket binding BUCKET is missing/);
  });
});
