// Whether a client (told by its user agent) trusts the chain change's new root. Let's Encrypt: Android before
// 7.1.1 lacks ISRG Root X1; the platform's chain-change notice says "Android 7.0 and earlier". Firefox for Android
// brings its own trust store, so it is not impacted whatever the OS. A user agent that hides the OS version
// (Chrome's reduced "Android 10; K", a bare okhttp/…) is unknown: never counted as not impacted.
import Bowser from "bowser";

export type AgentImpact = "impacted" | "not_impacted" | "unknown";

export interface AgentVerdict {
  impact: AgentImpact;
  /** Why, in a few words: "Android 7.0", "Firefox for Android", "Android version hidden". */
  reason: string;
}

/** The first Android release with ISRG Root X1 in its system store. */
export const FIRST_TRUSTING_ANDROID = [7, 1, 1] as const;

// Chrome's user-agent reduction freezes the platform part to "Linux; Android 10; K" whatever the device runs.
const REDUCED_ANDROID = /\(Linux; Android 10; K\)/;
// HTTP client libraries that name no OS at all.
const BARE_CLIENT = /^(okhttp|Apache-HttpClient|Java|Dart|python-requests|Go-http-client)\//i;

/** `7.0` → [7, 0]; undefined for anything that is not a dotted version. */
export function versionParts(version: string | undefined): number[] | undefined {
  if (!version || !/^\d+(\.\d+)*$/.test(version)) return undefined;
  return version.split(".").map(Number);
}

/** True when the version is older than 7.1.1 (missing parts count as 0: "7.1" < "7.1.1"). */
export function olderThanFirstTrusting(parts: readonly number[]): boolean {
  for (let i = 0; i < FIRST_TRUSTING_ANDROID.length; i++) {
    const part = parts[i] ?? 0;
    if (part !== FIRST_TRUSTING_ANDROID[i]) return part < FIRST_TRUSTING_ANDROID[i]!;
  }
  return false;
}

export function classifyAgent(userAgent: string): AgentVerdict {
  const ua = userAgent.trim();
  if (ua === "") return { impact: "unknown", reason: "no user agent" };
  if (BARE_CLIENT.test(ua)) return { impact: "unknown", reason: "HTTP library without an OS version" };
  const parsed = Bowser.parse(ua);
  const os = parsed.os.name ?? "";
  if (os !== "Android") {
    // Not Android: outside this rule (iOS, desktop systems ship ISRG Root X1 or have their own updates).
    if (os === "") return { impact: "unknown", reason: "operating system not told" };
    return { impact: "not_impacted", reason: os };
  }
  if (parsed.browser.name === "Firefox") return { impact: "not_impacted", reason: "Firefox for Android (own trust store)" };
  if (REDUCED_ANDROID.test(ua)) return { impact: "unknown", reason: "Android version hidden (reduced user agent)" };
  const parts = versionParts(parsed.os.version);
  if (!parts) return { impact: "unknown", reason: "Android version not told" };
  const version = parts.join(".");
  return olderThanFirstTrusting(parts)
    ? { impact: "impacted", reason: `Android ${version}` }
    : { impact: "not_impacted", reason: `Android ${version}` };
}
