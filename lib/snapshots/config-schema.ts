// The scheduled refresh's settings, from the environment: the cron caller's secret and the Node timer.
import { z } from "zod";
import { integer, optionalText } from "@/lib/config-fields";

export const snapshotEnv = {
  PREFLIGHT_CRON_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  SNAPSHOT_REFRESH_MINUTES: optionalText.pipe(integer(0, 10_080).default(0)),
  SNAPSHOT_MAX_AGE_MINUTES: optionalText.pipe(integer(1, 43_200).default(1_440)),
};

type SnapshotEnv = z.output<z.ZodObject<typeof snapshotEnv>>;

export interface SnapshotConfig {
  /** What the cron caller presents in `x-preflight-cron`; without it no cron call is accepted. */
  cronSecret?: string;
  /** Node only: run a refresh step every this many minutes in the server process; 0 = off. */
  refreshMinutes: number;
  /** A complete snapshot younger than this is what the pages show; older ones are not used. */
  maxAgeMinutes: number;
}

export function readSnapshots(e: SnapshotEnv): SnapshotConfig {
  return { cronSecret: e.PREFLIGHT_CRON_SECRET, refreshMinutes: e.SNAPSHOT_REFRESH_MINUTES, maxAgeMinutes: e.SNAPSHOT_MAX_AGE_MINUTES };
}
