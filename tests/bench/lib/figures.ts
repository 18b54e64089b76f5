// One line per figure: name, median of the runs, budget, and `ok` or `over`. A missed budget is reported,
// never thrown: only broken machinery makes the benchmark fail.

export interface Figure {
  name: string;
  /** Every run's value, in the figure's unit. */
  runs: number[];
  unit: string;
  /** `max`: the median must not exceed `budget`; `min`: it must reach it; `info`: printed only. */
  kind: "max" | "min" | "info";
  budget?: number;
  /** Extra facts that explain the figure (call counts, floors, errors). */
  note?: string;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function verdict(figure: Figure): "ok" | "over" | "info" {
  const value = median(figure.runs);
  if (figure.kind === "info" || figure.budget === undefined) return "info";
  if (!Number.isFinite(value)) return "over";
  return (figure.kind === "max" ? value <= figure.budget : value >= figure.budget) ? "ok" : "over";
}

function format(value: number, unit: string): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit === "×" ? "×" : ` ${unit}`}`;
}

export function figureLine(figure: Figure): string {
  const value = median(figure.runs);
  const budget = figure.budget === undefined ? "—" : `${figure.kind === "max" ? "≤" : "≥"} ${format(figure.budget, figure.unit)}`;
  const runs = figure.runs.length > 1 ? ` (runs: ${figure.runs.map((r) => format(r, figure.unit)).join(", ")})` : "";
  return (
    `${figure.name.padEnd(44)} ${format(value, figure.unit).padStart(11)}   ` +
    `budget ${budget.padEnd(12)} ${verdict(figure).padEnd(4)}${runs}` +
    `${figure.note ? `  [${figure.note}]` : ""}`
  );
}

/** Runs `measure` `times` times one after another (never overlapping: they would compete for the 2 cores). */
export async function repeat<T>(times: number, measure: (run: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let run = 0; run < times; run++) results.push(await measure(run));
  return results;
}
