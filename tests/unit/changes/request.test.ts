import { describe, expect, it } from "vitest";
import { changePages } from "@/lib/changes/pages";
import { changesQuery, parseSince } from "@/lib/changes/request";
import { InputError } from "@/lib/errors/input-error";
import { changeRecord } from "./change-record";

const query = (search: string) => changesQuery(new URL(`http://127.0.0.1/api/changes${search}`));
const field = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof InputError ? error.field : `not an InputError: ${String(error)}`;
  }
  return "accepted";
};

describe("GET /api/changes query", () => {
  it("reads since as a day (midnight UTC) or a moment with its offset", () => {
    expect(parseSince("2026-11-01")?.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(parseSince("2026-11-01T12:30:00+02:00")?.toISOString()).toBe("2026-11-01T10:30:00.000Z");
    expect(parseSince(null)).toBeUndefined();
  });

  it("refuses with a 400 naming the parameter: since, kind, zone, limit", () => {
    for (const bad of ["yesterday", "2026-02-31", "2026-13-01", "2026-11-01T12:00", "1730000000", "2026-02-30T00:00:00Z"])
      expect(
        field(() => query(`?since=${encodeURIComponent(bad)}`)),
        bad,
      ).toBe("since");
    expect(field(() => query("?kind=drift,renamed"))).toBe("kind");
    expect(field(() => query("?zone=example.com"))).toBe("zone");
    for (const bad of ["0", "501", "1.5", "ten"]) expect(field(() => query(`?limit=${bad}`))).toBe("limit");
  });

  it("takes kinds repeated or comma-separated, once each", () => {
    expect(query("?kind=drift&kind=hostname_switched_back,drift").kinds).toEqual(["drift", "hostname_switched_back"]);
    expect(query("?zone=" + "a".repeat(32) + "&limit=20")).toMatchObject({ zoneId: "a".repeat(32), limit: 20 });
  });
});

describe("a change's pages", () => {
  it("link the zone, the certificate on the Certificates page, and the review and diff when there are some", () => {
    expect(changePages(changeRecord({ id: "c1", zoneId: "a".repeat(32) }))).toEqual({
      zone: `/zones/${"a".repeat(32)}`,
      certificates: "/certificates?q=shop.example.com",
    });
    const drift = changeRecord({
      id: "run:drift:ep",
      kind: "drift",
      subject: { kind: "entry_point", id: "ep" },
      links: { reviewId: "2f1e7d4c-3b5a-4e6f-9a8b-7c6d5e4f3a2b" },
      details: { changes: [] },
    });
    expect(changePages(drift)).toMatchObject({
      review: "/reviews/2f1e7d4c-3b5a-4e6f-9a8b-7c6d5e4f3a2b",
      diff: "/changes?open=run%3Adrift%3Aep",
    });
    expect(changePages(drift).certificates).toBeUndefined();
  });

  it("carry the change's account, so the zone and certificates read with it", () => {
    const account = { id: "ac0a1ec0ac0a1ec0ac0a1ec0ac0a1ec0", name: "Acquired Co" };
    expect(changePages(changeRecord({ id: "c1", zoneId: "a".repeat(32), account }))).toEqual({
      zone: `/zones/${"a".repeat(32)}?account=${account.id}`,
      certificates: `/certificates?q=shop.example.com&account=${account.id}`,
    });
  });
});
