// The sandbox's HTTP requests for httpRequestsAdaptiveGroups: each hostname asked gets a traffic profile drawn
// from a hash of (zone, host), so the same host always shows the same figures and an account shows a spread:
// quiet hosts, hosts with too few samples, and busy ones with 0 % to 9 % of requests from impacted Android.
// Rows are sampled as the adaptive datasets are (busy hours keep one request in 10 or 100).

/** Real user agents, each with what the impact rule makes of it (for the tests' expectations only). */
export const AGENTS = {
  android44:
    "Mozilla/5.0 (Linux; U; Android 4.4.2; en-us; SM-T230 Build/KOT49H) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Safari/534.30",
  android60:
    "Mozilla/5.0 (Linux; Android 6.0; HUAWEI VNS-L31) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/71.0.3578.99 Mobile Safari/537.36",
  android70:
    "Mozilla/5.0 (Linux; Android 7.0; SM-G930F Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.137 Mobile Safari/537.36",
  dalvik601: "Dalvik/2.1.0 (Linux; U; Android 6.0.1; SM-G900F Build/MMB29M)",
  chromeReduced: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  okhttp: "okhttp/4.9.3",
  firefoxAndroid: "Mozilla/5.0 (Android 6.0; Mobile; rv:115.0) Gecko/115.0 Firefox/115.0",
  android14: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.43 Mobile Safari/537.36",
  ios: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
  windows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:121.0) Gecko/20100101 Firefox/121.0",
} as const;

const OS: Record<keyof typeof AGENTS, string> = {
  android44: "Android",
  android60: "Android",
  android70: "Android",
  dalvik601: "Android",
  chromeReduced: "Android",
  okhttp: "",
  firefoxAndroid: "Android",
  android14: "Android",
  ios: "iOS",
  windows: "Windows",
  mac: "MacOSX",
};

/** Requests per day of a host, and the share of them from impacted Android (split over four agents). */
const VOLUMES = [0, 30, 4_000, 60_000, 400_000, 2_000_000];
const IMPACTED_SHARES = [0, 0.004, 0.015, 0.038, 0.09];
const HEALTHCHECK = "Mozilla/5.0 (compatible; Cloudflare-Healthchecks/1.0; +https://www.cloudflare.com/; healthcheck-id: 0123456789abcdef)";

export interface TrafficCell {
  hourMs: number;
  host: string;
  userAgent: string;
  userAgentOS: string;
  requestSource: string;
  /** Sampled rows kept, and the requests each stands for. */
  rows: number;
  sampleInterval: number;
}

/** FNV-1a of `text`, continued from `h` (the hash of a prefix): hash(a + b) is hashFrom(hash(a), b). */
function hashFrom(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const hash = (text: string): number => hashFrom(0x811c9dc5, text);

export function hostProfile(zoneTag: string, host: string): { daily: number; impactedShare: number } {
  const h = hash(`${zoneTag}/${host.toLowerCase()}`);
  return { daily: VOLUMES[h % VOLUMES.length]!, impactedShare: IMPACTED_SHARES[(h >>> 8) % IMPACTED_SHARES.length]! };
}

function weights(impactedShare: number): Array<[keyof typeof AGENTS, number]> {
  const rest = 1 - impactedShare;
  return [
    ["android44", impactedShare * 0.1],
    ["android60", impactedShare * 0.3],
    ["android70", impactedShare * 0.4],
    ["dalvik601", impactedShare * 0.2],
    ["chromeReduced", rest * 0.22],
    ["okhttp", rest * 0.05],
    ["firefoxAndroid", rest * 0.01],
    ["android14", rest * 0.12],
    ["ios", rest * 0.3],
    ["windows", rest * 0.22],
    ["mac", rest * 0.08],
  ];
}

const HOUR_MS = 3_600_000;

/** The cells of the hours in [fromMs, toMs) for the hosts asked, up to `nowMs`. */
export function trafficCells(zoneTag: string, hosts: readonly string[], fromMs: number, toMs: number, nowMs: number): TrafficCell[] {
  const cells: TrafficCell[] = [];
  for (const host of hosts) {
    const { daily, impactedShare } = hostProfile(zoneTag, host);
    if (daily === 0) continue;
    // The per-hour hashes continue from their prefix's hash (the same numbers, without a string per cell).
    const hostPrefix = hash(host);
    const agents = weights(impactedShare).map(([agent, weight]) => ({ agent, weight, prefix: hash(`${agent}${host}`) }));
    for (let hourMs = Math.floor(fromMs / HOUR_MS) * HOUR_MS; hourMs < Math.min(toMs, nowMs); hourMs += HOUR_MS) {
      // A day's shape: busier in the afternoon, and a hash-drawn wobble per hour.
      const hourOfDay = new Date(hourMs).getUTCHours();
      const hourText = String(hourMs);
      const shape =
        (0.6 + 0.8 * Math.sin(((hourOfDay - 6) / 24) * Math.PI * 2) ** 2) * (0.85 + (hashFrom(hostPrefix, hourText) % 30) / 100);
      const hourly = (daily / 24) * shape;
      const interval = hourly > 20_000 ? 100 : hourly > 2_000 ? 10 : 1;
      for (const { agent, weight, prefix } of agents) {
        const expected = (hourly * weight) / interval;
        // Whole rows: the fraction becomes one row more in that share of hours (deterministically).
        const rows = Math.floor(expected) + ((hashFrom(prefix, hourText) % 1000) / 1000 < expected % 1 ? 1 : 0);
        if (rows > 0)
          cells.push({
            hourMs,
            host,
            userAgent: AGENTS[agent],
            userAgentOS: OS[agent],
            requestSource: "eyeball",
            rows,
            sampleInterval: interval,
          });
      }
      // Not an end user: the filter on requestSource keeps these out of every figure.
      cells.push({ hourMs, host, userAgent: HEALTHCHECK, userAgentOS: "", requestSource: "healthcheck", rows: 2, sampleInterval: 1 });
    }
  }
  return cells;
}
