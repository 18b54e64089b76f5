// The chain-change rule pinned on real user-agent strings: Android before 7.1.1 is impacted, Firefox for Android
// is not, and a user agent that hides the Android version is unknown, never "not impacted".
import { describe, expect, it } from "vitest";
import { classifyAgent, olderThanFirstTrusting } from "@/lib/certificates/impact/classify-agent";

const CHROME = "AppleWebKit/537.36 (KHTML, like Gecko)";
const TABLE: Array<[string, string, "impacted" | "not_impacted" | "unknown"]> = [
  [
    "Android 4.4 stock browser",
    "Mozilla/5.0 (Linux; U; Android 4.4.2; en-us; SCH-I535 Build/KOT49H) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30",
    "impacted",
  ],
  [
    "Android 5.1 Chrome",
    `Mozilla/5.0 (Linux; Android 5.1.1; SM-J200G Build/LMY47X) ${CHROME} Chrome/66.0.3359.126 Mobile Safari/537.36`,
    "impacted",
  ],
  ["Android 6.0 Chrome", `Mozilla/5.0 (Linux; Android 6.0; HUAWEI VNS-L31) ${CHROME} Chrome/71.0.3578.99 Mobile Safari/537.36`, "impacted"],
  [
    "Android 7.0 Chrome",
    `Mozilla/5.0 (Linux; Android 7.0; SM-G930F Build/NRD90M) ${CHROME} Chrome/64.0.3282.137 Mobile Safari/537.36`,
    "impacted",
  ],
  ["Android 7.1 (7.1.0)", `Mozilla/5.0 (Linux; Android 7.1; Pixel) ${CHROME} Chrome/55.0.2883.91 Mobile Safari/537.36`, "impacted"],
  [
    "Android 7.1.1 Chrome",
    `Mozilla/5.0 (Linux; Android 7.1.1; Moto G Play) ${CHROME} Chrome/80.0.3987.99 Mobile Safari/537.36`,
    "not_impacted",
  ],
  [
    "Android 8.0 Chrome",
    `Mozilla/5.0 (Linux; Android 8.0.0; SM-G950F) ${CHROME} Chrome/83.0.4103.106 Mobile Safari/537.36`,
    "not_impacted",
  ],
  [
    "Android 11 Chrome (unreduced)",
    `Mozilla/5.0 (Linux; Android 11; Pixel 4a) ${CHROME} Chrome/99.0.4844.58 Mobile Safari/537.36`,
    "not_impacted",
  ],
  [
    "Android 14 Chrome (unreduced)",
    `Mozilla/5.0 (Linux; Android 14; Pixel 8) ${CHROME} Chrome/120.0.6099.43 Mobile Safari/537.36`,
    "not_impacted",
  ],
  ["Chrome reduced UA", `Mozilla/5.0 (Linux; Android 10; K) ${CHROME} Chrome/124.0.0.0 Mobile Safari/537.36`, "unknown"],
  ["Firefox for Android on 6.0", "Mozilla/5.0 (Android 6.0; Mobile; rv:68.0) Gecko/68.0 Firefox/68.0", "not_impacted"],
  ["Firefox for Android on 5.0", "Mozilla/5.0 (Android 5.0; Mobile; rv:115.0) Gecko/115.0 Firefox/115.0", "not_impacted"],
  ["Dalvik on 6.0.1", "Dalvik/2.1.0 (Linux; U; Android 6.0.1; SM-G900F Build/MMB29M)", "impacted"],
  ["Dalvik on 9", "Dalvik/2.1.0 (Linux; U; Android 9; SM-A105F Build/PPR1.180610.011)", "not_impacted"],
  ["okhttp", "okhttp/4.9.3", "unknown"],
  ["okhttp 3", "okhttp/3.12.1", "unknown"],
  [
    "iOS Safari",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
    "not_impacted",
  ],
  ["Windows Chrome", `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${CHROME} Chrome/120.0.0.0 Safari/537.36`, "not_impacted"],
  ["macOS Firefox", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:121.0) Gecko/20100101 Firefox/121.0", "not_impacted"],
  ["empty", "", "unknown"],
  ["curl", "curl/8.4.0", "unknown"],
];

describe("classifyAgent", () => {
  it.each(TABLE)("%s", (_name, ua, impact) => {
    expect(classifyAgent(ua).impact).toBe(impact);
  });

  it("names the version it read", () => {
    expect(classifyAgent(TABLE[3]![1]).reason).toBe("Android 7.0");
  });

  it("compares versions part by part, a missing part as 0", () => {
    expect(olderThanFirstTrusting([7, 1])).toBe(true);
    expect(olderThanFirstTrusting([7, 1, 1])).toBe(false);
    expect(olderThanFirstTrusting([7, 1, 2])).toBe(false);
    expect(olderThanFirstTrusting([4, 4, 4])).toBe(true);
    expect(olderThanFirstTrusting([10])).toBe(false);
  });
});
