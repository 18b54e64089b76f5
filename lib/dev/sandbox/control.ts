// Control endpoints under `/__sandbox/` for tests and the demo: no auth, never logged as API calls.
import type { IncomingMessage, ServerResponse } from "node:http";
import { faultsProblem } from "./faults";
import { BodyTooLargeError, readBody, sendJson } from "./http";
import type { SandboxRuntime } from "./runtime";

export const CONTROL_PREFIX = "/__sandbox";
const BODY_LIMIT = 64 * 1024;

type ControlHandler = (runtime: SandboxRuntime, req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

const ENDPOINTS: Record<string, Partial<Record<string, ControlHandler>>> = {
  "/health": { GET: (_rt, _req, res) => sendJson(res, 200, { ok: true }) },
  "/calls": {
    GET: (rt, _req, res) => sendJson(res, 200, { calls: rt.calls.list(), maxInFlight: rt.calls.maxInFlight }),
    DELETE: (rt, _req, res) => {
      rt.calls.clear();
      sendJson(res, 200, { ok: true });
    },
  },
  "/requests": { GET: (rt, _req, res) => sendJson(res, 200, { requests: rt.calls.requests() }) },
  "/reset": {
    POST: (rt, _req, res) => {
      rt.reset();
      sendJson(res, 200, { ok: true });
    },
  },
  "/faults": {
    GET: (rt, _req, res) => sendJson(res, 200, { faults: rt.faults.get() }),
    POST: updateFaults,
  },
};

export async function handleControl(runtime: SandboxRuntime, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const name = url.pathname.slice(CONTROL_PREFIX.length).replace(/\/+$/, "");
  const endpoint = Object.hasOwn(ENDPOINTS, name) ? ENDPOINTS[name] : undefined;
  if (!endpoint) {
    req.resume();
    return sendJson(res, 404, { ok: false, error: "no such sandbox control endpoint" });
  }
  const method = req.method ?? "GET";
  const handler = Object.hasOwn(endpoint, method) ? endpoint[method] : undefined;
  if (!handler) {
    req.resume();
    return sendJson(res, 405, { ok: false, error: "method not allowed" }, { Allow: Object.keys(endpoint).join(", ") });
  }
  await handler(runtime, req, res);
}

async function updateFaults(runtime: SandboxRuntime, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let text: string;
  try {
    text = await readBody(req, BODY_LIMIT);
  } catch (error) {
    const tooLarge = error instanceof BodyTooLargeError;
    return sendJson(res, tooLarge ? 413 : 400, { ok: false, error: tooLarge ? "body: too large" : "body: could not be read" });
  }
  let patch: unknown;
  try {
    patch = JSON.parse(text);
  } catch {
    return sendJson(res, 400, { ok: false, error: "body: must be a JSON object" });
  }
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    return sendJson(res, 400, { ok: false, error: "body: must be a JSON object" });
  }
  const problem = faultsProblem(patch);
  if (problem) return sendJson(res, 400, { ok: false, error: problem });
  sendJson(res, 200, { faults: runtime.faults.merge(patch) });
}
