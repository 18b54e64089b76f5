import { getConfig } from "@/lib/config";
import { operation } from "@/lib/http/operation";
import { UPSTREAM } from "@/lib/http/upstream-calls";
import { handleArchive } from "@/lib/storage/archive";
import { getBucket } from "@/lib/storage/bucket-provider";

export const dynamic = "force-dynamic";

/** `/api/archive/{key}`: its own pre-shared key guards writes, so it needs no signed-in user. */
const archive = operation<{ key: string[] }>(
  async ({ request, params }) => {
    const { authKeySecret, archiveMaxBytes } = getConfig().storage;
    return handleArchive(request, params.key.join("/"), { bucket: await getBucket(), authKeySecret, maxBytes: archiveMaxBytes });
  },
  { role: "public", upstream: UPSTREAM.none },
);

export { archive as GET, archive as PUT, archive as DELETE, archive as POST, archive as PATCH, archive as OPTIONS };
