// A scan costs about five calls per zone, most of the account's 1200 per 5 minutes on a large account, so
// its chunks are kept for a few minutes: a reload, a second viewer or the CSV export reuse them; Refresh
// starts a new scan. In memory, per server process; only the latest few scans are kept.
import "server-only";
import { randomBytes } from "node:crypto";
import type { CaaRecord } from "@/lib/certificates/caa";
import { JUST_LISTED_MS, type ListedZones } from "@/lib/platform/zone-list-share";
import type { ZoneRow } from "@/lib/platform/zones";

/** How long an audit's chunks are reused: a reload, a second viewer or the CSV export within it call nothing again. */
export const CERTIFICATE_AUDIT_TTL_MS = 5 * 60_000;
const MAX_SCANS = 3;

interface Scan<T> {
  id: string;
  startedAt: number;
  chunks: Map<string, T>;
  /** The account's zones the scan walks, once listed in full (lib/certificates/audit-zones.ts). */
  zones?: ListedZones;
  /** A listing too big for one request: the zones listed so far and the cursor that continues it. */
  listing?: { zones: ZoneRow[]; cursor?: string; listedAt: number; unreadableEntries?: number };
  /** How old a list another operation made may be and still serve this scan (a refresh asks for one listed just now). */
  listMaxAgeMs: number;
  /** CAA records by zone id: read once per scan, by the zone's own audit or another zone's custom hostnames. */
  caa: Map<string, Promise<CaaRecord[]>>;
}

export class ScanCache<T> {
  private scans: Scan<T>[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** The latest scan still fresh, or a new one when there is none or `fresh` is asked for. */
  current(fresh: boolean): Scan<T> {
    const latest = this.scans[0];
    if (!fresh && latest && this.now() - latest.startedAt < CERTIFICATE_AUDIT_TTL_MS) return latest;
    const listMaxAgeMs = fresh ? JUST_LISTED_MS : CERTIFICATE_AUDIT_TTL_MS;
    const scan: Scan<T> = { id: randomBytes(8).toString("hex"), startedAt: this.now(), chunks: new Map(), caa: new Map(), listMaxAgeMs };
    this.scans = [scan, ...this.scans].slice(0, MAX_SCANS);
    return scan;
  }

  /** A scan a cursor names; recreated empty (same id) once evicted, so the cursor still resumes. */
  byId(id: string, startedAt: number): Scan<T> {
    const found = this.scans.find((s) => s.id === id);
    if (found) return found;
    const scan: Scan<T> = { id, startedAt, chunks: new Map(), caa: new Map(), listMaxAgeMs: CERTIFICATE_AUDIT_TTL_MS };
    this.scans = [...this.scans, scan].slice(-MAX_SCANS);
    return scan;
  }
}
