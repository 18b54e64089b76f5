// A scan costs about five calls per zone, most of the account's 1200 per 5 minutes on a large account, so
// its chunks are kept for a few minutes: a reload, a second viewer or the CSV export reuse them; Refresh
// starts a new scan. In memory, per server process; only the latest few scans are kept.
import "server-only";
import { randomBytes } from "node:crypto";
import type { CaaRecord } from "@/lib/certificates/caa";

/** How long an audit's chunks are reused: a reload, a second viewer or the CSV export within it call nothing again. */
export const CERTIFICATE_AUDIT_TTL_MS = 5 * 60_000;
const MAX_SCANS = 3;

interface Scan<T> {
  id: string;
  startedAt: number;
  chunks: Map<string, T>;
  /** Zones pages listed ahead of their audit (by page number): listed once, even across requests. */
  listings: Map<number, Promise<unknown>>;
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
    const scan: Scan<T> = { id: randomBytes(8).toString("hex"), startedAt: this.now(), chunks: new Map(), listings: new Map(), caa: new Map() };
    this.scans = [scan, ...this.scans].slice(0, MAX_SCANS);
    return scan;
  }

  /** A scan a cursor names; recreated empty (same id) once evicted, so the cursor still resumes. */
  byId(id: string, startedAt: number): Scan<T> {
    const found = this.scans.find((s) => s.id === id);
    if (found) return found;
    const scan: Scan<T> = { id, startedAt, chunks: new Map(), listings: new Map(), caa: new Map() };
    this.scans = [...this.scans, scan].slice(-MAX_SCANS);
    return scan;
  }
}
