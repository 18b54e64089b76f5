"use client";
// The dataset is adaptively sampled: when it was, the figures are estimates. A visible mark with the
// interval, and the note that a request seen by one version only may be a sampling artefact.
import type { SamplingSummary } from "@/lib/validation-mode/sampling";
import { formatInterval } from "@/lib/validation-mode/sampling";
import { Badge } from "@/components/ui/badge";

export function SampledMark({ sampling }: { sampling: SamplingSummary }) {
  if (!sampling.sampled) return null;
  return (
    <Badge
      tone="amber"
      testId="sampled-mark"
      title={`The platform sampled these events: up to 1 in ${formatInterval(sampling.maxInterval)} was kept`}
    >
      Sampled · up to 1 in {formatInterval(sampling.maxInterval)}
    </Badge>
  );
}

export function SamplingNotice({ sampling }: { sampling: SamplingSummary }) {
  if (!sampling.note) return null;
  return (
    <p className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="sampling-note">
      <SampledMark sampling={sampling} /> {sampling.note}
    </p>
  );
}
