// The tables' views in the URL: a shared link reads back as the same view through the parsers the pages
// use, and a hand-edited one (an unknown sort, verdict or direction) falls back to the default, never throws.
import { describe, expect, it } from "vitest";
import { fromInputs, fromSorting, sortableColumnIds, toSorting } from "@/components/data-table/search-params";
import { certificateColumns } from "@/components/certificates/table/columns";
import {
  CERTIFICATES_DEFAULT_SORT,
  certificatesSearchParams,
  loadCertificatesSearchParams,
} from "@/components/certificates/table/search-params";
import { loadReviewsSearchParams } from "@/components/reviews/search-params";
import { loadTracesSearchParams } from "@/components/traces/search-params";
import { loadValidationSearchParams } from "@/components/validation-mode/search-params";
import { zoneColumns } from "@/components/zones/table/columns";
import { loadZonesSearchParams, ZONES_DEFAULT_SORT, zonesSearchParams } from "@/components/zones/table/search-params";

describe("the Zones table's URL", () => {
  it("reads a shared link back as the same filters and sort", () => {
    const account = "0123456789abcdef0123456789abcdef";
    const view = loadZonesSearchParams(`?plan=enterprise&verdict=blocked&state=start&q=shop&sort=name&dir=desc&account=${account}`);
    expect(view).toEqual({ q: "shop", plan: "enterprise", verdict: "blocked", state: "start", sort: "name", dir: "desc", account });
    expect(toSorting(view.sort, view.dir, ZONES_DEFAULT_SORT)).toEqual([{ id: "name", desc: true }]);
  });

  it("accepts as sort every sortable column and only those", () => {
    const sortable = sortableColumnIds(zoneColumns);
    expect(sortable).toEqual(expect.arrayContaining(["name", "plan", "verdict", "account", "state", "lost", "fetched"]));
    for (const id of sortable) expect(loadZonesSearchParams(`?sort=${id}`).sort).toBe(id);
    // The reason and mapping columns are not sortable: a link naming them sorts by the default.
    for (const id of ["reason", "mapping", "bogus", "", "constructor"]) expect(loadZonesSearchParams(`?sort=${id}`).sort).toBeNull();
  });

  it("falls back to the default for an unknown sort, direction or verdict", () => {
    const view = loadZonesSearchParams("?sort=__proto__&dir=sideways&verdict=fine&account=staging");
    expect(view.verdict).toBeNull();
    // An account filter that is not an account id reads as every account.
    expect(view.account).toBeNull();
    expect(toSorting(view.sort, view.dir, ZONES_DEFAULT_SORT)).toEqual([ZONES_DEFAULT_SORT]);
  });
});

describe("the Certificates table's URL", () => {
  it("keeps the opened certificate, the facets and the sort", () => {
    const account = "0123456789abcdef0123456789abcdef";
    const view = loadCertificatesSearchParams(
      `?verdict=action_required&kind=custom_hostname&ca=default&sort=expires&dir=asc&open=custom_hostname:0b4e&account=${account}`,
    );
    expect(view).toEqual({
      account,
      q: "",
      verdict: "action_required",
      kind: "custom_hostname",
      ca: "default",
      sort: "expires",
      dir: "asc",
      open: "custom_hostname:0b4e",
    });
  });

  it("refuses a sort on the selection column and a kind the audit does not have", () => {
    expect(sortableColumnIds(certificateColumns)).not.toContain("select");
    const view = loadCertificatesSearchParams("?sort=select&kind=wildcard&account=staging");
    expect(view.kind).toBeNull();
    expect(view.account).toBeNull();
    expect(sortableColumnIds(certificateColumns)).toContain("account");
    expect(toSorting(view.sort, view.dir, CERTIFICATES_DEFAULT_SORT)).toEqual([CERTIFICATES_DEFAULT_SORT]);
  });
});

describe("changes asked by the page", () => {
  it("clear a key on an empty or absent value or one the parser refuses, and leave the other keys alone", () => {
    expect(fromInputs(zonesSearchParams, { plan: undefined, q: "", verdict: "eligible" })).toEqual({
      plan: null,
      q: null,
      verdict: "eligible",
    });
    expect(fromInputs(certificatesSearchParams, { verdict: "fine" })).toEqual({ verdict: null });
  });

  it("keep a sorting the table asked for, and clear both keys for none", () => {
    expect(fromSorting([{ id: "plan", desc: false }])).toEqual({ sort: "plan", dir: "asc" });
    expect(fromSorting([])).toEqual({ sort: null, dir: null });
  });
});

describe("the other pages' URLs", () => {
  it("Traces: keeps the query's fields as typed and drops a trace type it does not know", () => {
    const view = loadTracesSearchParams("?fromBlock=0&toBlock=latest&types=delegatecall,bogus,staticcall&tx=0xab");
    expect(view).toMatchObject({ fromBlock: "0", toBlock: "latest", fromAddress: null, types: ["delegatecall", "staticcall"], tx: "0xab" });
  });

  it("Validation: an unknown class shows every request rather than none", () => {
    expect(loadValidationSearchParams("?zone=abc&class=newOnly&action=block")).toMatchObject({
      zone: "abc",
      class: "newOnly",
      action: "block",
      host: "",
    });
    expect(loadValidationSearchParams("?class=sideways").class).toBeNull();
  });

  it("Reviews: opens a new review only for a migration step", () => {
    expect(loadReviewsSearchParams("?create=complete_migration&zoneId=z1")).toMatchObject({ create: "complete_migration", zoneId: "z1" });
    expect(loadReviewsSearchParams("?create=accept_invite&state=approved").create).toBeNull();
  });
});
