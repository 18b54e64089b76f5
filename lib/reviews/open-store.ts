// The review store on this process's bucket (Miniflare on Node, the binding on the edge runtime).
import "server-only";
import { getBucket } from "@/lib/storage/bucket-provider";
import { ReviewStore } from "@/lib/reviews/store";

export async function openReviewStore(): Promise<ReviewStore> {
  return new ReviewStore(await getBucket());
}
