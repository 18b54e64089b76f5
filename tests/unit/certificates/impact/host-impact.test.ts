// Issue 29: a host's impact from the dataset's groups: the share and its interval, hidden and unread user
// agents counted as unknown (never as not impacted), too few samples said, and the words the page shows.
import { describe, expect, it } from "vitest";
import { certificateImpact, impactColumns } from "@/lib/certificates/impact/certificate-impact";
import { estimateOf, sumEstimates } from "@/lib/certificates/impact/estimate";
import { hostImpacts } from "@/lib/certificates/impact/host-impact";
import { impactWords } from "@/lib/certificates/impact/impact-words";
import { parseImpactQuery } from "@/lib/certificates/impact/impact-query";
import { impactFields, impactQuery } from "@/lib/certificates/impact/query";
import { DOCUMENTED_LIMITS } from "@/lib/validation-mode/dataset-limits";
import type { RequestGroup } from "@/lib/certificates/impact/query";

const ANDROID_70 =
  "Mozilla/5.0 (Linux; Android 7.0; SM-G930F Build/NRD90M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0 Mobile Safari/537.36";
const REDUCED = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

const group = (host: string, count: number, extra: Partial<RequestGroup["dimensions"]> = {}, interval = 10): RequestGroup => ({
  count,
  avg: { sampleInterval: interval },
  dimensions: { clientRequestHTTPHost: host, ...extra },
});

describe("hostImpacts", () => {
  const totals = [group("a.example", 1_000_000, { date: "2026-11-20" }), group("a.example", 200_000, { date: "2026-11-21" })];
  const agents = [
    group("a.example", 38_000, { userAgent: ANDROID_70, date: "2026-11-20" }),
    group("a.example", 8_000, { userAgent: ANDROID_70, date: "2026-11-21" }),
    group("a.example", 300_000, { userAgent: REDUCED, date: "2026-11-20" }),
    group("a.example", 700_000, { userAgent: IOS, date: "2026-11-20" }),
  ];
  const [a, quiet] = hostImpacts(["a.example", "quiet.example"], totals, agents);

  it("shares impacted requests over the host's total, with an interval around the estimate", () => {
    expect(a!.share!.estimate).toBeCloseTo(46_000 / 1_200_000, 6);
    expect(a!.share!.lower).toBeLessThan(a!.share!.estimate);
    expect(a!.share!.upper).toBeGreaterThan(a!.share!.estimate);
    expect(a!.impactedBy).toEqual([{ reason: "Android 7.0", requests: 46_000 }]);
    expect(a!.days).toEqual([
      { date: "2026-11-20", requests: 1_000_000, impacted: 38_000 },
      { date: "2026-11-21", requests: 200_000, impacted: 8_000 },
    ]);
  });

  it("counts the reduced UA and the requests whose user agent was not read as unknown, never as not impacted", () => {
    expect(a!.notImpacted).toBe(700_000);
    // 300 000 hidden + 154 000 not reached by the user-agent query.
    expect(a!.unknown).toBe(454_000);
    expect(a!.classified).toBeCloseTo(1_046_000 / 1_200_000, 6);
  });

  it("says a host without a request has no share, and a thin sample is too uncertain", () => {
    expect(quiet!.share).toBeNull();
    expect(impactWords(quiet!)).toBe("no request in the window");
    const [thin] = hostImpacts(["t.example"], [group("t.example", 40, {}, 1)], [group("t.example", 2, { userAgent: ANDROID_70 }, 1)]);
    expect(thin!.tooFewSamples).toBe(true);
    expect(impactWords(thin!)).toContain("too few sampled requests (40)");
  });

  it("words a host as the page shows it", () => {
    expect(impactWords(a!)).toMatch(/^Android ≤ 7\.0: 3\.8 % \(3\.\d–3\.\d %\) of 1\.2 M requests; 38 % unknown$/);
  });
});

describe("estimates", () => {
  it("takes the platform's interval when answered, else works it out from the sample interval", () => {
    const given = estimateOf({
      ...group("a", 42_939),
      confidence: { count: { estimate: 42_939, lower: 42_673.4, upper: 43_204.6, sampleSize: 40_054 } },
    });
    expect(given).toEqual({ estimate: 42_939, lower: 42_673.4, upper: 43_204.6, sampleSize: 40_054 });
    const unsampled = estimateOf(group("a", 500, {}, 1));
    expect(unsampled).toEqual({ estimate: 500, lower: 500, upper: 500, sampleSize: 500 });
    const sampled = estimateOf(group("a", 1000, {}, 10));
    expect(sampled.sampleSize).toBe(100);
    expect(sampled.upper - sampled.estimate).toBeCloseTo(1.96 * Math.sqrt(100 * 10 * 9), 0);
  });

  it("adds independent intervals in quadrature", () => {
    const sum = sumEstimates([
      { estimate: 100, lower: 97, upper: 103, sampleSize: 10 },
      { estimate: 100, lower: 96, upper: 104, sampleSize: 10 },
    ]);
    expect(sum).toEqual({ estimate: 200, lower: 195, upper: 205, sampleSize: 20 });
  });
});

describe("a certificate's impact", () => {
  it("sorts by its worst host and exports its figures", () => {
    const impacts = hostImpacts(
      ["a.example", "b.example"],
      [group("a.example", 1000, {}, 1), group("b.example", 1000, {}, 1)],
      [group("a.example", 10, { userAgent: ANDROID_70 }, 1), group("b.example", 50, { userAgent: ANDROID_70 }, 1)],
    );
    const impact = certificateImpact(["a.example", "b.example", "*.example"], new Map(impacts.map((h) => [h.host, h])))!;
    expect(impact.worst).toBeCloseTo(0.05);
    expect(impact.words).toMatch(/^b\.example: Android ≤ 7\.0: 5\.0 % .* \(\+2 more hosts\)$/);
    expect(impact.missing).toEqual(["*.example"]);
    expect(impactColumns(impact)).toMatchObject({ impactHost: "b.example", impactedShare: "0.0500", impactRequests: 1000 });
  });
});

describe("the impact operation's input and query", () => {
  const url = (q: string) => new URL(`http://x/api/certificates/impact?${q}`);
  it("names the field at fault", () => {
    expect(() => parseImpactQuery(url("zone=nope&host=a.example"))).toThrow(expect.objectContaining({ field: "zone" }));
    expect(() => parseImpactQuery(url(`zone=${"a".repeat(32)}&host=`))).toThrow(expect.objectContaining({ field: "host" }));
    expect(() => parseImpactQuery(url(`zone=&host=a.example`))).toThrow(expect.objectContaining({ field: "zone" }));
    expect(() => parseImpactQuery(url(`zone=${"a".repeat(32)}&host=a.example&window=2w`))).toThrow(
      expect.objectContaining({ field: "window" }),
    );
    expect(parseImpactQuery(url(`zone=${"a".repeat(32)}&host=a.example,b.example&window=48h`))).toEqual({
      zoneId: "a".repeat(32),
      hosts: ["a.example", "b.example"],
      windowSeconds: 48 * 3600,
    });
  });

  it("takes zone and host as filters: each may be left out", () => {
    expect(parseImpactQuery(url(""))).toEqual({ hosts: [], windowSeconds: 7 * 86_400 });
    expect(parseImpactQuery(url(`zone=${"b".repeat(32)}`))).toEqual({ zoneId: "b".repeat(32), hosts: [], windowSeconds: 7 * 86_400 });
    expect(parseImpactQuery(url("host=A.example&cursor=abc"))).toEqual({ hosts: ["A.example"], windowSeconds: 7 * 86_400, cursor: "abc" });
  });

  it("sends only the fields the settings list, and refuses before any query when a required one is missing", () => {
    const limits = {
      ...DOCUMENTED_LIMITS,
      availableFields: ["count", "dimensions_clientRequestHTTPHost", "dimensions_userAgent", "avg_sampleInterval"],
    };
    const fields = impactFields(limits);
    expect(fields.agents).toEqual(["count", "dimensions_clientRequestHTTPHost", "dimensions_userAgent", "avg_sampleInterval"]);
    expect(fields.omitted.map((o) => o.field)).toContain("confidence_count_estimate");
    expect(impactQuery(fields)).not.toContain("confidence");
    expect(() => impactFields({ ...limits, availableFields: ["count", "dimensions_clientRequestHTTPHost"] })).toThrow(
      /dimensions_userAgent/,
    );
  });
});

describe("a partial read", () => {
  it("says how much of the window it covers, and nothing when it covers all", async () => {
    const { windowReadWords } = await import("@/lib/certificates/impact/impact-words");
    expect(windowReadWords({ ranges: { read: 3, total: 3 }, truncatedRanges: 0 })).toBeUndefined();
    expect(windowReadWords({ ranges: { read: 2, total: 3 }, truncatedRanges: 1 })).toBe(
      "Partial: 2 of 3 parts of the window read; 1 part with more user agents than one answer holds (the rest counted as unknown)",
    );
  });
});
