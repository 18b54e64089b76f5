import { getConfig } from "@/lib/config";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ ok: true, mode: getConfig().mode }, { headers: { "Cache-Control": "no-store" } });
}
