// Changes from another site are refused; scripts without an Origin prove themselves with a header.
import { describe, expect, it } from "vitest";
import { checkOrigin } from "@/lib/http/origin-check";
import { ForbiddenError } from "@/lib/errors/identity-errors";

const request = (method: string, headers: Record<string, string>) =>
  new Request("http://127.0.0.1:3000/api/reviews", { method, headers: { host: "127.0.0.1:3000", ...headers } });
const cookieUser = { id: "planner", role: "planner" as const, via: "demo-cookie" as const };
const headerUser = { ...cookieUser, via: "demo-header" as const };

describe("checkOrigin", () => {
  it("accepts the page's own origin and reads without one", () => {
    expect(() => checkOrigin(request("POST", { origin: "http://127.0.0.1:3000" }), cookieUser)).not.toThrow();
    expect(() => checkOrigin(request("GET", { origin: "https://evil.example" }), cookieUser)).not.toThrow();
  });
  it("refuses another site's origin, and a cookie-borne change with no origin", () => {
    expect(() => checkOrigin(request("POST", { origin: "https://evil.example" }), headerUser)).toThrow(ForbiddenError);
    expect(() => checkOrigin(request("DELETE", {}), cookieUser)).toThrow(ForbiddenError);
    expect(() => checkOrigin(request("POST", {}), headerUser)).not.toThrow();
  });
});
