// The opt-in hostile strings rename existing items only: the default seed is untouched, and the hostile
// one has the same zones, cases and certificate counts, with markup where the pages show text.
import { describe, expect, it } from "vitest";
import { seedAccount } from "@/lib/dev/sandbox/seed";
import { HOSTILE } from "@/lib/dev/sandbox/seed-hostile";

const shape = (state: ReturnType<typeof seedAccount>) => ({
  zones: state.zones.map((z) => [z.id, z.plan.legacy_id]),
  waf: Object.entries(state.waf).map(([id, w]) => [id, w.migrationState, w.compatible, w.rules.length, w.overrides.length]),
  certificates: Object.entries(state.certificates).map(([id, c]) => [
    id,
    c.packs.length,
    c.customCertificates.length,
    c.customHostnames.length,
  ]),
});

describe("hostile strings in the sandbox", () => {
  it("change no count or case, and only when asked for", () => {
    const plain = seedAccount({ seed: 1, zoneCount: 240 });
    const hostile = seedAccount({ seed: 1, zoneCount: 240, hostileStrings: true });
    expect(JSON.stringify(seedAccount({ seed: 1, zoneCount: 240 }))).toBe(JSON.stringify(plain));
    expect(JSON.stringify(plain)).not.toContain("__pwned");
    expect(shape(hostile)).toEqual(shape(plain));
    const text = JSON.stringify(hostile);
    for (const payload of Object.values(HOSTILE)) expect(text).toContain(JSON.stringify(payload).slice(1, -1));
  });
});
