// Where the bucket lives on Node and the published-reports archive's settings, from the environment.
import { z } from "zod";
import { integer, optionalText } from "@/lib/config-fields";

export const DEFAULT_DATA_DIR = ".preflight-data";
export const DEFAULT_ARCHIVE_MAX_BYTES = 10 * 1024 * 1024;

export const storageEnv = {
  PREFLIGHT_DATA_DIR: optionalText.pipe(z.string().default(DEFAULT_DATA_DIR)),
  AUTH_KEY_SECRET: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  ARCHIVE_MAX_BYTES: optionalText.pipe(integer(1, 100 * 1024 * 1024).default(DEFAULT_ARCHIVE_MAX_BYTES)),
};

type StorageEnv = z.output<z.ZodObject<typeof storageEnv>>;

export interface StorageConfig {
  /** The local bucket's folder (Miniflare's R2 persistence), relative to the working directory or absolute. */
  dataDir: string;
  /** The pre-shared key of `PUT`/`DELETE /api/archive/{key}`; without it the archive accepts no writes. */
  authKeySecret?: string;
  archiveMaxBytes: number;
}

export function readStorage(e: StorageEnv): StorageConfig {
  return { dataDir: e.PREFLIGHT_DATA_DIR, authKeySecret: e.AUTH_KEY_SECRET, archiveMaxBytes: e.ARCHIVE_MAX_BYTES };
}
