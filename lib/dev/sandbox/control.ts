// Control endpoints under `/__sandbox/` for tests and the demo: no auth, never logged as API calls.
import type { IncomingMessage, ServerResponse } from "node:http";
import { applyCertificateEvent, certificateEventSchema } from "./certificate-events";
import { faultsProblem } from "./faults";
import { BodyTooLargeError, readBody, sendJson } from "./http";
import type { SandboxRuntime } from "./runtime";
import { applyDashboardEdit, dashboardEditSchema } from "./waf/dashboard-edits";

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
  "/certificates": { POST: certificateEvent },
  /** A person edits a zone's managed entry point in the dashboard (waf/dashboard-edits.ts): the API then answers the new version. */
  "/entrypoint-edits": { POST: editEntrypoint },
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

/** The request's JSON object, or undefined once a 4xx naming `body` was sent. */
async function jsonObject(req: IncomingMessage, res: ServerResponse): Promise<object | undefined> {
  let text: string;
  try {
    text = await readBody(req, BODY_LIMIT);
  } catch (error) {
    const tooLarge = error instanceof BodyTooLargeError;
    sendJson(res, tooLarge ? 413 : 400, { ok: false, error: tooLarge ? "body: too large" : "body: could not be read" });
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  sendJson(res, 400, { ok: false, error: "body: must be a JSON object" });
  return undefined;
}

/** A certificate change between two snapshots (certificate-events.ts). */
async function certificateEvent(runtime: SandboxRuntime, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await jsonObject(req, res);
  if (!body) return;
  const parsed = certificateEventSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return sendJson(res, 400, { ok: false, error: `${issue?.path.join(".") || "change"}: ${issue?.message ?? "invalid"}` });
  }
  // A named zone's own account; without one, the first account's zones (as with a single account).
  const zoneId = "zoneId" in parsed.data ? parsed.data.zoneId : undefined;
  const state = (zoneId === undefined ? undefined : runtime.accountOfZone(zoneId)?.state) ?? runtime.state;
  const outcome = applyCertificateEvent(state, parsed.data, runtime.options.now());
  if ("problem" in outcome) return sendJson(res, 400, { ok: false, error: outcome.problem });
  sendJson(res, 200, { ok: true, ...outcome });
}

async function updateFaults(runtime: SandboxRuntime, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const patch = await jsonObject(req, res);
  if (!patch) return;
  const problem = faultsProblem(patch);
  if (problem) return sendJson(res, 400, { ok: false, error: problem });
  sendJson(res, 200, { faults: runtime.faults.merge(patch) });
}

async function editEntrypoint(runtime: SandboxRuntime, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await jsonObject(req, res);
  if (!body) return;
  const parsed = dashboardEditSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return sendJson(res, 400, { ok: false, error: `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}` });
  }
  const state = runtime.accountOfZone(parsed.data.zoneId)?.state ?? runtime.state;
  const waf = Object.hasOwn(state.waf, parsed.data.zoneId) ? state.waf[parsed.data.zoneId] : undefined;
  if (!waf) return sendJson(res, 404, { ok: false, error: "zoneId: no such zone" });
  if (!waf.entrypoint)
    return sendJson(res, 409, { ok: false, error: "zoneId: the zone has no http_request_firewall_managed entry point yet" });
  const edited = applyDashboardEdit(waf.entrypoint, parsed.data, new Date(runtime.options.now()).toISOString());
  if (typeof edited === "string") return sendJson(res, 400, { ok: false, error: edited });
  waf.entrypoint = edited;
  sendJson(res, 200, { ok: true, entrypoint: edited });
}
