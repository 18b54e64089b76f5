// The one wait of servers Playwright starts side by side (playwright.config.ts, `sideBySide`): Playwright waits
// for an entry's url before it starts the next entry, so those servers have none, and this last entry polls
// them all at once. Says so on stdout when every URL answers 200, then stays up until Playwright stops it.
/* global fetch, AbortSignal */
import console from "node:console";
import process from "node:process";
import { clearInterval, setInterval, setTimeout } from "node:timers";

const urls = process.argv.slice(2);
const pending = new Set(urls);
const answers = async (url) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
};
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
