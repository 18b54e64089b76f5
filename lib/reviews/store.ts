// Reviews, comments and the audit log in the bucket. A review is one object written only on the
// condition that its etag is still the one read, so of two people acting at once one wins and the
// other gets a 409. Comments and audit entries are objects of their own, written once, never changed.
import { ConflictError } from "@/lib/errors/conflict-error";
import { NotFoundError } from "@/lib/errors/not-found-error";
import type { Bucket } from "@/lib/storage/bucket";
import { listAll, readJson, writeJson, type Stored } from "@/lib/storage/json-objects";
import {
  auditEntrySchema,
  commentSchema,
  REVIEW_KINDS,
  REVIEW_STATES,
  reviewSchema,
  type AuditEntry,
  type Review,
  type ReviewComment,
  type ReviewSummary,
} from "@/lib/reviews/schema";

const reviewKey = (id: string) => `reviews/${id}.json`;
/** Time-ordered keys: the listing order is the order things happened. */
const entryKey = (prefix: string, at: string) => `${prefix}${at}-${crypto.randomUUID().slice(0, 8)}.json`;

export class ReviewStore {
  /** Public for what an executed review writes beside it (a zone's baseline: lib/drift/baseline.ts). */
  constructor(readonly bucket: Bucket) {}

  async create(review: Review): Promise<Stored<Review>> {
    const stored = await writeJson(this.bucket, reviewKey(review.id), review, {
      onlyIf: { etagDoesNotMatch: "*" },
      customMetadata: summaryOf(review),
    });
    if (!stored) throw new ConflictError(`A review with id ${review.id} already exists`);
    return { value: review, etag: stored.etag, uploaded: stored.uploaded };
  }

  async load(id: string): Promise<Stored<Review>> {
    const stored = await readJson(this.bucket, reviewKey(id), reviewSchema);
    if (!stored) throw new NotFoundError(`There is no review ${id}`);
    return stored;
  }

  /** Writes the next version only if nobody wrote since `etag` was read. */
  async save(next: Review, etag: string): Promise<Stored<Review>> {
    const stored = await writeJson(this.bucket, reviewKey(next.id), next, {
      onlyIf: { etagMatches: etag },
      customMetadata: summaryOf(next),
    });
    if (!stored)
      throw new ConflictError("Someone else changed this review at the same moment; reload it to see what they did", "concurrent_write");
    return { value: next, etag: stored.etag, uploaded: stored.uploaded };
  }

  async list(): Promise<ReviewSummary[]> {
    const summaries: ReviewSummary[] = [];
    for await (const object of listAll(this.bucket, { prefix: "reviews/", include: ["customMetadata"] })) {
      const summary = summaryFrom(object.key, object.customMetadata ?? {});
      if (summary) summaries.push(summary);
    }
    return summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async addComment(reviewId: string, comment: ReviewComment): Promise<void> {
    await writeJson(this.bucket, entryKey(`comments/${reviewId}/`, comment.at), comment, { onlyIf: { etagDoesNotMatch: "*" } });
  }

  comments(reviewId: string): Promise<ReviewComment[]> {
    return this.readAll(`comments/${reviewId}/`, (key) => readJson(this.bucket, key, commentSchema));
  }

  /** Append-only: a new object per entry, written only if its key is new. */
  async audit(entry: AuditEntry): Promise<void> {
    const stored = await writeJson(this.bucket, entryKey(`audit/${entry.reviewId}/`, entry.at), entry, {
      onlyIf: { etagDoesNotMatch: "*" },
    });
    if (!stored) throw new Error("An audit entry's key was already taken"); // random suffix: should never happen
  }

  auditLog(reviewId: string): Promise<AuditEntry[]> {
    return this.readAll(`audit/${reviewId}/`, (key) => readJson(this.bucket, key, auditEntrySchema));
  }

  private async readAll<T>(prefix: string, read: (key: string) => Promise<Stored<T> | null>): Promise<T[]> {
    const keys: string[] = [];
    for await (const object of listAll(this.bucket, { prefix })) keys.push(object.key);
    const values = await Promise.all(keys.map(read));
    return values.flatMap((stored) => (stored ? [stored.value] : []));
  }
}

function summaryOf(review: Review): Record<string, string> {
  const account: Record<string, string> = review.account ? { accountId: review.account.id, accountName: review.account.name } : {};
  return { kind: review.kind, state: review.state, author: review.author, title: review.title, createdAt: review.createdAt, ...account };
}

function summaryFrom(key: string, meta: Record<string, string>): ReviewSummary | undefined {
  const id = key.slice("reviews/".length, -".json".length);
  const kind = REVIEW_KINDS.find((k) => k === meta.kind);
  const state = REVIEW_STATES.find((s) => s === meta.state);
  if (!kind || !state || !meta.author || !meta.createdAt) return undefined;
  const account = meta.accountId !== undefined ? { account: { id: meta.accountId, name: meta.accountName ?? "" } } : {};
  return { id, kind, state, author: meta.author, title: meta.title ?? kind, createdAt: meta.createdAt, ...account };
}
