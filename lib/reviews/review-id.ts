// Review ids are UUIDs; anything else is a 400 before it can become a bucket key.
import { InputError } from "@/lib/errors/input-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function reviewId(raw: string): string {
  if (!UUID.test(raw)) throw new InputError("id", "id must be a review id (a UUID)");
  return raw;
}
