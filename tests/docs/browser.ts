// The screenshot run's browser: Debian's headless Chromium (the e2e suite's) at a fixed viewport, pages as a demo user, pictures taken
// once the data is on the page (never after a fixed wait), and never of a page that shows a secret.
import { join } from "node:path";
import { chromium, type Browser, type Locator, type Page } from "@playwright/test";
import { IMAGES_DIR, type ScreenshotFile } from "@/tests/docs/screenshot-pages";
import { E2E } from "@/tests/e2e/environment";

export const VIEWPORT = { width: 1280, height: 800 };
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: E2E.chromiumPath, args: CHROMIUM_ARGS });
}

export async function pageAs(browser: Browser, baseUrl: string, user: string): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, baseURL: baseUrl, acceptDownloads: true });
  await context.addCookies([{ name: "preflight-demo-user", value: user, url: baseUrl }]);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  return page;
}

/** Waits until the locator's text matches: the data the picture is about has arrived. */
export async function untilText(locator: Locator, pattern: RegExp, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await locator
      .first()
      .innerText({ timeout: 5_000 })
      .catch(() => "");
    if (pattern.test(text)) return;
    if (Date.now() > deadline)
      throw new Error(`waited ${timeoutMs / 1000} s for ${pattern} in ${locator}; last text: ${text.slice(0, 200)}`);
    await locator.page().waitForTimeout(250); // a poll interval: the condition is the text, not the time
  }
}

/** Waits until nothing on the page says it is still reading. */
export async function untilSettled(page: Page): Promise<void> {
  await page.getByRole("progressbar").first().waitFor({ state: "detached" });
  await page
    .getByText(/^(Loading|Reading|Auditing)\b/)
    .first()
    .waitFor({ state: "detached" });
}

export function screenshotTaker(root: string, secrets: string[]) {
  const taken: string[] = [];
  return {
    taken,
    /** Takes the viewport, with `top` (if given) scrolled to the top of it; refuses a page that shows a secret. */
    async shot(page: Page, file: ScreenshotFile, top?: Locator): Promise<void> {
      // A little room above the part the picture is about, so its frame shows whole.
      if (top) await top.first().evaluate((el) => window.scrollTo(0, Math.max(0, el.getBoundingClientRect().top + window.scrollY - 24)));
      else await page.evaluate(() => window.scrollTo(0, 0));
      const html = await page.content();
      const leaked = secrets.filter((secret) => html.includes(secret));
      if (leaked.length > 0) throw new Error(`${file}: the page shows a secret (${leaked.length}); no picture taken`);
      await page.mouse.move(0, 0); // no hover state in the picture
      await page.screenshot({ path: join(root, IMAGES_DIR, file), animations: "disabled", caret: "hide" });
      taken.push(file);
      console.log(`  ${file}`);
    },
  };
}

export type Shot = ReturnType<typeof screenshotTaker>["shot"];
