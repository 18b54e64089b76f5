// The body of every error answer, `{"error":{"kind","message",…}}`, as lib/http/error-response.ts writes it:
// `kind` is one of the ErrorKind table's, so an answer with a kind the table lacks fails its check.
import { z } from "zod";
import { ERROR_KIND_NAMES } from "@/lib/errors/error-kinds";

export const errorKindSchema = z.enum(ERROR_KIND_NAMES);

export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    kind: errorKindSchema,
    message: z.string(),
    /** The request field at fault (400), or `body` (413). */
    field: z.string().optional(),
    /** The platform's (or the node's) error code, when it gave one. */
    code: z.number().optional(),
    /** What a 409 conflicted on, e.g. the differences since approval. */
    details: z.unknown().optional(),
  }),
});
export type ErrorBodyAnswer = z.infer<typeof errorBodySchema>;
