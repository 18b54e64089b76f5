// The browser's side of the Terraform export: one zone's file, and the account's, following the
// operation's cursor part after part (waiting out a rate limit when asked) and saving one file or one zip.
import { OperationError } from "@/lib/client/fetch-json";

export type TerraformSyntax = "v4" | "v5";
export type TerraformConfig = "proposed" | "live" | "auto";

export interface AccountProgress {
  done: number;
  total?: number;
  /** Set while the export waits for the account rate limit. */
  resumeAt?: Date;
}

export interface AccountExportResult {
  exported: number;
  failed: number;
  skipped: number;
}

/**
 * Downloads one zone's file; an error is the server's message (409: the zone has no such configuration). `account`:
 * the zone's account id, so its own credentials read it.
 */
export async function downloadZoneTerraform(
  zoneId: string,
  syntax: TerraformSyntax,
  config: TerraformConfig,
  signal?: AbortSignal,
  account?: string | null,
): Promise<void> {
  const query = new URLSearchParams({ syntax, config, ...(account ? { account } : {}) });
  const response = await call(`/api/zones/${encodeURIComponent(zoneId)}/terraform?${query}`, signal);
  saveBlob(fileName(response, `${zoneId}.tf`), await response.blob());
}

/** Exports every zone: the parts put end to end (one file) or merged (one zip), then saved. */
export async function downloadAccountTerraform(
  options: { syntax: TerraformSyntax; config: TerraformConfig; format: "hcl" | "archive"; signal?: AbortSignal },
  onProgress: (progress: AccountProgress) => void,
): Promise<AccountExportResult> {
  const { syntax, config, format, signal } = options;
  const parts: Uint8Array[] = [];
  const result = { exported: 0, failed: 0, skipped: 0 };
  let cursor: string | undefined;
  let name = `preflight-terraform-${syntax}.${format === "archive" ? "zip" : "tf"}`;
  for (;;) {
    const query = new URLSearchParams({ syntax, config, format, ...(cursor ? { cursor } : {}) });
    const response = await call(`/api/terraform?${query}`, signal);
    parts.push(new Uint8Array(await response.arrayBuffer()));
    name = fileName(response, name);
    result.exported += Number(response.headers.get("X-Preflight-Zones-Exported") ?? 0);
    result.failed += Number(response.headers.get("X-Preflight-Zones-Failed") ?? 0);
    result.skipped += Number(response.headers.get("X-Preflight-Zones-Skipped") ?? 0);
    const [done, total] = (response.headers.get("X-Preflight-Progress") ?? "0/").split("/");
    const progress = { done: Number(done), total: total ? Number(total) : undefined };
    cursor = response.headers.get("X-Preflight-Cursor") ?? undefined;
    const wait = Number(response.headers.get("X-Preflight-Retry-After") ?? 0);
    onProgress({ ...progress, resumeAt: wait && cursor ? new Date(Date.now() + wait * 1000) : undefined });
    if (response.headers.get("X-Preflight-Complete") === "true" || !cursor) break;
    if (wait) await sleep(wait * 1000, signal);
  }
  const blob =
    format === "archive"
      ? new Blob([await mergeArchives(parts)], { type: "application/zip" })
      : new Blob(parts as BlobPart[], { type: "text/plain;charset=utf-8" });
  saveBlob(name, blob);
  return result;
}

async function call(url: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new OperationError("Preflight's server could not be reached. Is it still running?", 0);
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: string; field?: string } } | undefined;
  throw new OperationError(body?.error?.message ?? `Preflight answered HTTP ${response.status}`, response.status, body?.error?.field);
}

/** The zips of the parts as one: each part holds other zones' files (README.md only in the first). */
async function mergeArchives(parts: Uint8Array[]): Promise<Uint8Array<ArrayBuffer>> {
  const { unzipSync, zipSync } = await import("fflate");
  const files: Record<string, Uint8Array> = {};
  for (const part of parts) Object.assign(files, unzipSync(part));
  return zipSync(files, { level: 6, mtime: new Date("2020-01-01T00:00:00Z") }) as Uint8Array<ArrayBuffer>;
}

function fileName(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallback;
}

function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  link.click();
  // Revoked after the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
