// Field parsers shared by the environment schemas (config-schema.ts and the per-area schemas it spreads in).
import { z } from "zod";

export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export const integer = (min: number, max: number) =>
  z.string().trim().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(min).max(max));
