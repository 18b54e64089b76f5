import { describe, expect, it } from "vitest";
import { consumerOf } from "@/lib/http/consumer";

describe("consumerOf", () => {
  it("names the page or job a route's calls are for", () => {
    expect(consumerOf("/api/zones")).toBe("Zones scan");
    expect(consumerOf("/api/zones/0123abc/migration")).toBe("Zone detail");
    expect(consumerOf("/api/zones/0123abc/validation/requests")).toBe("Validation");
    expect(consumerOf("/api/certificates/zones/0123abc")).toBe("Certificate audit");
    expect(consumerOf("/api/snapshots/refresh")).toBe("Snapshot refresh");
    expect(consumerOf("/api/reviews/r1/execute")).toBe("Reviews");
    expect(consumerOf("/api/traces")).toBe("Other");
  });
});
