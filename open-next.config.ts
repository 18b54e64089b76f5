// OpenNext for the edge runtime. No incremental cache: every page reads live data or a bucket snapshot.
import { defineCloudflareConfig } from "@opennextjs/cloudflare";

export default defineCloudflareConfig({});
