// The demo users: chosen in the UI (a cookie) or by scripts with the `x-preflight-demo-user` header.
import type { Role } from "@/lib/identity/config-schema";

export const DEMO_USER_HEADER = "x-preflight-demo-user";
export const DEMO_USER_COOKIE = "preflight-demo-user";

export const DEMO_USERS = [
  { name: "planner", role: "planner" },
  { name: "approver-1", role: "approver" },
  { name: "approver-2", role: "approver" },
] as const satisfies ReadonlyArray<{ name: string; role: Role }>;

export type DemoUserName = (typeof DEMO_USERS)[number]["name"];

/** Who acts when nobody chose: the least powerful user that can still plan. */
export const DEFAULT_DEMO_USER: DemoUserName = "planner";

export function findDemoUser(name: string) {
  return DEMO_USERS.find((user) => user.name === name);
}

/**
 * The switcher's cookie, set by the server so scripts on the page can never read it (HttpOnly), never
 * sent cross-site (SameSite=Strict), and only over TLS when the browser came over HTTPS (Secure).
 */
export function demoUserCookie(name: DemoUserName, options: { secure: boolean }): string {
  const attributes = [`${DEMO_USER_COOKIE}=${encodeURIComponent(name)}`, "Path=/", "Max-Age=2592000", "HttpOnly", "SameSite=Strict"];
  if (options.secure) attributes.push("Secure");
  return attributes.join("; ");
}
