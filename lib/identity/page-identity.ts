// Who is looking at a page, read once per request: the layout's user badge and the page share it (React's
// cache lasts one server render), so the access JWT is verified once, not once per component asking.
import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { getConfig } from "@/lib/config";
import { identify, type Identity } from "@/lib/identity/identify";

/** This render's caller, or undefined when not signed in (the page then shows what needs no role). */
export const pageIdentity = cache(async (): Promise<Identity | undefined> =>
  identify(await headers(), getConfig().identity).catch(() => undefined),
);
