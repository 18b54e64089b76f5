"use client";
// The client impact of the affected certificates, read on request, ZONES_PER_READ zones at a time: each zone
// costs GraphQL calls from the account's analytics budget, so it is neither read with every page load nor all
// at once. What was read stays until the audit is read again.
import { useCallback, useMemo, useState } from "react";
import { withAccount } from "@/lib/accounts/account-filter";
import { affectedHostRequests, type AffectedHostRequest } from "@/lib/certificates/impact/affected-hosts";
import type { HostImpact } from "@/lib/certificates/impact/host-impact";
import { windowReadWords } from "@/lib/certificates/impact/impact-words";
import type { ZoneImpact } from "@/lib/certificates/impact/read-impact";
import type { CertificateRow } from "@/lib/certificates/types";
import type { Coverage } from "@/lib/client/coverage";
import { fetchJson } from "@/lib/client/fetch-json";

export const ZONES_PER_READ = 25;
type Request = AffectedHostRequest;

export interface ImpactRead {
  /** Per zone, per lower-cased host. */
  byZone: ReadonlyMap<string, ReadonlyMap<string, HostImpact>>;
  /** Per zone read in part: how much of the window it covers. */
  partialByZone: ReadonlyMap<string, string>;
  /** Requests read of those the rows need (one per zone, more for a zone with over 50 hosts). */
  coverage: Coverage | undefined;
  partialZones: string[];
  errors: string[];
  reading: boolean;
  /** Requests not read yet. */
  left: number;
  /** Starts again from `rows` (or continues with the next requests when `rows` is undefined). */
  read: (rows?: readonly CertificateRow[]) => Promise<void>;
}

export function useCertificateImpact(window = "7d"): ImpactRead {
  const [requests, setRequests] = useState<Request[]>([]);
  const [answers, setAnswers] = useState<ZoneImpact[]>([]);
  const [done, setDone] = useState(0);
  const [failed, setFailed] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  const read = useCallback(
    async (rows?: readonly CertificateRow[]) => {
      const all = rows ? affectedHostRequests(rows) : requests;
      const start = rows ? 0 : done;
      if (rows) {
        setRequests(all);
        setAnswers([]);
        setErrors([]);
        setFailed(0);
      }
      setReading(true);
      let n = start;
      for (const { zoneId, hosts, account } of all.slice(start, start + ZONES_PER_READ)) {
        const query = new URLSearchParams({ zone: zoneId, window });
        for (const host of hosts) query.append("host", host);
        try {
          const answer = await fetchJson<ZoneImpact>(withAccount(`/api/certificates/impact?${query}`, account));
          setAnswers((list) => [...list, answer]);
        } catch (error) {
          setFailed((f) => f + 1);
          setErrors((list) => [...list, `${zoneId}: ${error instanceof Error ? error.message : String(error)}`]);
        }
        setDone(++n);
      }
      setReading(false);
    },
    [window, requests, done],
  );
  const byZone = useMemo(() => {
    const zones = new Map<string, Map<string, HostImpact>>();
    for (const answer of answers) {
      const hosts = zones.get(answer.zoneId) ?? new Map<string, HostImpact>();
      for (const host of answer.hosts) hosts.set(host.host.toLowerCase(), host);
      zones.set(answer.zoneId, hosts);
    }
    return zones;
  }, [answers]);
  const coverage: Coverage | undefined =
    requests.length === 0 && done === 0
      ? undefined
      : { read: done, total: requests.length, complete: done >= requests.length, failed, noun: "zones" };
  const partialByZone = useMemo(
    () => new Map(answers.flatMap((a) => (windowReadWords(a) ? [[a.zoneId, windowReadWords(a)!] as const] : []))),
    [answers],
  );
  const partialZones = [...partialByZone.keys()];
  return { byZone, partialByZone, coverage, partialZones, errors, reading, left: Math.max(0, requests.length - done), read };
}
