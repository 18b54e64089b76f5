"use client";
// The client impact of the affected certificates, read zone by zone on request (each zone costs GraphQL
// queries from the account's analytics budget, so it is not read with every page load).
import { useCallback, useMemo, useState } from "react";
import { affectedHostRequests } from "@/lib/certificates/impact/affected-hosts";
import type { HostImpact } from "@/lib/certificates/impact/host-impact";
import type { ZoneImpact } from "@/lib/certificates/impact/read-impact";
import type { CertificateRow } from "@/lib/certificates/types";
import type { Coverage } from "@/lib/client/coverage";
import { fetchJson } from "@/lib/client/fetch-json";

export interface ImpactRead {
  /** Per zone, per lower-cased host. */
  byZone: ReadonlyMap<string, ReadonlyMap<string, HostImpact>>;
  /** Requests read of those needed (one per zone, or more for zones with over 50 hosts). */
  coverage: Coverage | undefined;
  partialZones: string[];
  errors: string[];
  reading: boolean;
  read: (rows: readonly CertificateRow[]) => Promise<void>;
}

export function useCertificateImpact(window = "7d"): ImpactRead {
  const [answers, setAnswers] = useState<ZoneImpact[]>([]);
  const [coverage, setCoverage] = useState<Coverage | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  const read = useCallback(
    async (rows: readonly CertificateRow[]) => {
      const requests = affectedHostRequests(rows);
      setReading(true);
      setAnswers([]);
      setErrors([]);
      let done = 0;
      let failed = 0;
      setCoverage({ read: 0, total: requests.length, complete: requests.length === 0, noun: "impact requests" });
      for (const { zoneId, hosts } of requests) {
        const query = new URLSearchParams({ zone: zoneId, window });
        for (const host of hosts) query.append("host", host);
        try {
          const answer = await fetchJson<ZoneImpact>(`/api/certificates/impact?${query}`);
          setAnswers((all) => [...all, answer]);
        } catch (error) {
          failed++;
          setErrors((all) => [...all, `${zoneId}: ${error instanceof Error ? error.message : String(error)}`]);
        }
        done++;
        setCoverage({ read: done, total: requests.length, complete: done === requests.length, failed, noun: "impact requests" });
      }
      setReading(false);
    },
    [window],
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
  const partialZones = answers.filter((a) => !a.complete || a.truncatedRanges > 0).map((a) => a.zoneId);
  return { byZone, coverage, partialZones, errors, reading, read };
}
