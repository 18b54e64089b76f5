import { describe, expect, it } from "vitest";
import { deployedOwasp } from "@/lib/rulesets/owasp-settings";
import { lostOverrides, zoneMapping } from "@/lib/migration/zone-mapping";

const owasp = (sensitivity: string | undefined, action_mode: string | undefined) => [
  { id: "cf", name: "CloudFlare", detection_mode: "traditional" },
  {
    id: "ow",
    name: "OWASP ModSecurity Core Rule Set",
    detection_mode: "anomaly",
    ...(sensitivity === undefined ? {} : { sensitivity }),
    ...(action_mode === undefined ? {} : { action_mode }),
  },
];

describe("zoneMapping", () => {
  it("maps the OWASP package's sensitivity and action", () => {
    expect(zoneMapping(owasp("medium", "simulate"))).toMatchObject({
      sensitivity: "medium",
      oldAction: "simulate",
      paranoiaLevel: 1,
      scoreThreshold: 25,
      newAction: "log",
      sensitivityRow: "medium",
    });
  });

  it("maps nothing new for a rule set that is off, but still says what was there and why", () => {
    const mapping = zoneMapping(owasp("off", "block"));
    expect(mapping).toMatchObject({
      sensitivity: "off",
      oldAction: "block",
      paranoiaLevel: null,
      scoreThreshold: null,
      newAction: null,
      sensitivityRow: "off",
    });
    expect(mapping.mappingNote).toMatch(/off/);
  });

  it.each([
    [undefined, "simulate"],
    ["default", "simulate"],
  ])("maps sensitivity %j to the Default row (PL2, 40), the action as usual", (sensitivity, action) => {
    expect(zoneMapping(owasp(sensitivity, action))).toMatchObject({
      sensitivity: sensitivity ?? null,
      paranoiaLevel: 2,
      scoreThreshold: 40,
      newAction: "log",
      sensitivityRow: "default",
    });
  });

  it("maps an absent action as the API's default, challenge", () => {
    expect(zoneMapping(owasp("low", undefined))).toMatchObject({
      oldAction: null,
      paranoiaLevel: 1,
      scoreThreshold: 40,
      newAction: "challenge",
    });
  });

  it("says so, never leaves cells silently empty, for an unknown sensitivity or action", () => {
    const sensitivity = zoneMapping(owasp("paranoid", "block"));
    expect(sensitivity).toMatchObject({ sensitivityRow: "unknown", paranoiaLevel: null, newAction: "block" });
    expect(sensitivity.mappingNote).toMatch(/"paranoid" is not one the document's table names/);
    const action = zoneMapping(owasp("high", "js_challenge"));
    expect(action).toMatchObject({ paranoiaLevel: 2, newAction: null });
    expect(action.mappingNote).toMatch(/"js_challenge" is not one the API names/);
  });

  it("gives every combination a non-empty note that never says a listed value is unlisted", () => {
    for (const sensitivity of [undefined, "", "high", "medium", "low", "off", "default", "High", "weird"]) {
      for (const action of [undefined, "", "simulate", "block", "challenge", "Block", "weird"]) {
        const mapping = zoneMapping(owasp(sensitivity, action));
        expect(mapping.mappingNote.length).toBeGreaterThan(20);
        expect(mapping.sensitivityRow).not.toBeNull();
        if (mapping.sensitivityRow !== "unknown") expect(mapping.mappingNote).not.toMatch(/is not one the document's table names/);
        if (mapping.paranoiaLevel === null) expect(mapping.mappingNote).toMatch(/off|not one/);
      }
    }
  });

  it("maps nothing when the packages were not read, and says so", () => {
    const mapping = zoneMapping(undefined);
    expect(mapping.paranoiaLevel).toBeNull();
    expect(mapping.sensitivityRow).toBeNull();
    expect(mapping.mappingNote).toMatch(/No previous core rule set/);
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
