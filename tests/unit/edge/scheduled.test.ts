// The cron trigger's contract with the app: one POST to the refresh operation, carrying the shared
// secret, kept alive with waitUntil; a failure is logged without the secret and never thrown.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CRON_SECRET_HEADER, handleScheduled, REFRESH_PATH } from "@/lib/edge/scheduled";

const event = { cron: "*/10 * * * *", scheduledTime: Date.parse("2026-11-22T22:00:00Z") };
const secret = "cron-secret-7f3a9c1e5b2d4f60";

function context() {
  const waited: Array<Promise<unknown>> = [];
  return { waited, ctx: { waitUntil: (promise: Promise<unknown>) => void waited.push(promise) } };
}

afterEach(() => vi.restoreAllMocks());

describe("handleScheduled", () => {
  it("calls the refresh operation through the app's fetch handler with the secret, inside waitUntil", async () => {
    const seen: Request[] = [];
    const { waited, ctx } = context();
    vi.spyOn(console, "log").mockImplementation(() => {});
    const env = { PREFLIGHT_CRON_SECRET: secret };
    await handleScheduled(
      async (request, givenEnv, givenCtx) => {
        seen.push(request);
        expect(givenEnv).toBe(env);
        expect(givenCtx).toBe(ctx);
        return Response.json({ step: "done" });
      },
      event,
      env,
      ctx,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe("POST");
    expect(new URL(seen[0]!.url).pathname).toBe(REFRESH_PATH);
    expect(seen[0]!.headers.get(CRON_SECRET_HEADER)).toBe(secret);
    expect(waited).toHaveLength(1);
  });

  it("logs a refused or failed step without the secret, and never throws", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void errors.push(line));
    const { ctx } = context();
    await handleScheduled(async () => new Response("nope", { status: 403 }), event, { PREFLIGHT_CRON_SECRET: secret }, ctx);
    await handleScheduled(
      async () => Promise.reject(new TypeError(`fetch failed ${secret}`)),
      event,
      { PREFLIGHT_CRON_SECRET: secret },
      ctx,
    );
    expect(errors[0]).toContain("403");
    expect(errors[1]).toContain("TypeError");
    expect(errors.join("\n")).not.toContain(secret);
  });

  it("does not call the app without a configured secret", async () => {
    const fetchHandler = vi.fn(async () => new Response(null));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { ctx } = context();
    await handleScheduled(fetchHandler, event, {}, ctx);
    expect(fetchHandler).not.toHaveBeenCalled();
  });
});
