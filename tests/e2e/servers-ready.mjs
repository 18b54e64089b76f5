// The one wait of servers Playwright starts side by side (playwright.config.ts, `sideBySide`): Playwright waits
// for an entry's url before it starts the next entry, so those servers have none, and this last entry polls
// them all at once. Says so on stdout when every URL answers as Playwright counts it (200 to 403), then stays
// up until Playwright stops it. A URL that answers the moment this starts is a server left from another run (the
// ones just launched take a second or more to listen): that fails at once, as Playwright's own check would.
/* global fetch, AbortSignal */
import console from "node:console";
import process from "node:process";
import { clearInterval, setInterval, setTimeout } from "node:timers";

const urls = process.argv.slice(2);
const pending = new Set(urls);
const answers = async (url) => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status >= 200 && response.status <= 403;
  } catch {
    return false;
  }
};
const taken = [...new Set(urls)];
const already = (await Promise.all(taken.map(async (url) => ((await answers(url)) ? [url] : [])))).flat();
if (already.length) {
  console.error(`already answered by another process (a server left from an earlier run?): ${already.join(", ")}`);
  process.exit(1);
}
// What is still starting, every 30 s: a server that never comes up is named before Playwright's timeout.
const report = setInterval(() => console.error(`still waiting for ${[...pending].join(", ")}`), 30_000);
await Promise.all(
  urls.map(async (url) => {
    while (!(await answers(url))) await new Promise((resolve) => setTimeout(resolve, 200));
    pending.delete(url);
  }),
);
clearInterval(report);
console.log(`every server answers: ${urls.join(" ")}`);
process.on("SIGTERM", () => process.exit(0));
setInterval(() => undefined, 2 ** 30);
