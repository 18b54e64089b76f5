// Requests per class over time, in buckets sized so a window gives at most about 60 points.
import { REQUEST_CLASSES, type ComparedRequest, type RequestClass } from "@/lib/validation-mode/join";
import { isoSecond, type TimeWindow } from "@/lib/validation-mode/window";

const HOUR = 3_600_000;
const BUCKETS = [HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];
const MAX_POINTS = 60;

export type SeriesPoint = { start: string } & Record<RequestClass, number>;

export function seriesPerClass(window: TimeWindow, requests: readonly ComparedRequest[]) {
  const sinceMs = Date.parse(window.since);
  const span = Date.parse(window.until) - sinceMs;
  const bucketMs = BUCKETS.find((size) => span / size <= MAX_POINTS) ?? 24 * HOUR;
  const first = Math.floor(sinceMs / bucketMs) * bucketMs;
  const points: SeriesPoint[] = [];
  for (let start = first; start <= Date.parse(window.until); start += bucketMs) {
    points.push({
      start: isoSecond(start),
      ...(Object.fromEntries(REQUEST_CLASSES.map((cls) => [cls, 0])) as Record<RequestClass, number>),
    });
  }
  for (const request of requests) {
    const point = points[Math.floor((Date.parse(request.datetime) - first) / bucketMs)];
    if (point) point[request.class]++;
  }
  return { series: points, seriesBucketSeconds: bucketMs / 1000 };
}
