import { describe, expect, it } from "vitest";
import { deployedOwasp } from "@/lib/migration/proposed-config";
import { lostOverrides, zoneMapping } from "@/lib/migration/zone-mapping";

const owasp = (sensitivity: string, action_mode: string) => [
  { id: "cf", name: "CloudFlare", detection_mode: "traditional" },
  { id: "ow", name: "OWASP ModSecurity Core Rule Set", detection_mode: "anomaly", sensitivity, action_mode },
];

describe("zoneMapping", () => {
  it("maps the OWASP package's sensitivity and action", () => {
    expect(zoneMapping(owasp("medium", "simulate"))).toEqual({
      sensitivity: "medium",
      oldAction: "simulate",
      paranoiaLevel: 1,
      scoreThreshold: 25,
      newAction: "log",
    });
  });

  it("maps nothing new for a rule set that is off, but still says what was there", () => {
    expect(zoneMapping(owasp("off", "block"))).toEqual({
      sensitivity: "off",
      oldAction: "block",
      paranoiaLevel: null,
      scoreThreshold: null,
      newAction: null,
    });
  });

  it("maps nothing when the packages were not read", () => {
    expect(zoneMapping(undefined).paranoiaLevel).toBeNull();
  });
});

describe("lostOverrides", () => {
  it("lists groups and rules turned off: the update does not carry them over", () => {
    const lost = lostOverrides(
      [
        { id: "g1", name: "OWASP XSS Attacks", mode: "off" },
        { id: "g2", name: "OWASP Bad Robots", mode: "on" },
      ],
      [{ id: "981318", description: "SQL Injection", mode: "off", group: { id: "g3", name: "OWASP SQL Injection Attacks" } }],
    );
    expect(lost).toEqual([
      { kind: "group", id: "g1", description: "OWASP XSS Attacks" },
      { kind: "rule", id: "981318", description: "SQL Injection (OWASP SQL Injection Attacks)" },
    ]);
  });
});

describe("deployedOwasp", () => {
  it("reads the paranoia level, threshold and action the proposed configuration deploys", () => {
    const deployed = deployedOwasp({
      name: "default",
      rules: [
        {
          action: "execute",
          expression: "true",
          action_parameters: {
            id: "4814384a9e5d4991b9815dcfc25d2f1f",
            overrides: {
              categories: [
                { category: "paranoia-level-3", enabled: false },
                { category: "paranoia-level-4", enabled: false },
              ],
              rules: [{ id: "6179ae15870a4bb7b2d480d4843b323c", action: "log", score_threshold: 40 }],
            },
          },
        },
      ],
    });
    expect(deployed).toEqual({ enabled: true, paranoiaLevel: 2, scoreThreshold: 40, action: "log" });
  });
});
