import type { AbiStoredAnswer } from "@/lib/api/answers/decode";
import { openAbiStore } from "@/lib/decode/open-decoder";
import { parseAbiUpload } from "@/lib/decode/uploaded-abi";
import { InputError } from "@/lib/errors/input-error";
import { readBodyText } from "@/lib/http/json-body";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { JSON_BODY_MAX_BYTES } from "@/lib/platform/runtime-limits";

export const dynamic = "force-dynamic";

/** Stores an ABI for an address, shared by the team: the trace explorer then decodes its calls "from your ABI". */
export const POST = operation(
  async ({ request, platform, identity }) => {
    const text = await readBodyText(request, JSON_BODY_MAX_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new InputError("body", 'body must be JSON: {"address", "abi"}');
    }
    const upload = parseAbiUpload(body);
    const { store } = await openAbiStore(platform);
    const stored = await store.put(upload, identity.id);
    const functions = upload.abi.filter((item) => (item as { type?: unknown }).type === "function").length;
    const answer: AbiStoredAnswer = { address: stored.address, functions, uploadedBy: stored.uploadedBy, uploadedAt: stored.uploadedAt };
    return Response.json(answer, { status: 201 });
  },
  { role: "planner", upstream: UPSTREAM.none },
);
