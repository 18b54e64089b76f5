import { getConfig } from "@/lib/config";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";

export const dynamic = "force-dynamic";

export const GET = operation(async () => ({ ok: true, mode: getConfig().mode }), { role: "public", upstream: UPSTREAM.none });
