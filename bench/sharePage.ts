// npm run bench -- sharePage: time to the first bubble on a share page (production build, real
// Chromium) as a mid-range phone sees it: the network throttled to Lighthouse's mobile profile
// (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed 4x, each visit with an
// empty cache. Baseline, in the same run and conditions: the same page without its scripts (the
// widget's code is all of the page's JavaScript), loaded. Target: first bubble <= 1 s.
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import embedBot from "../e2e/fixtures/embed-bot.json" with { type: "json" };
import { createPublishedBot } from "../e2e/support/bots";
import { findChromium } from "../e2e/support/findChromium";
import { signUpNewUser } from "../e2e/support/fixtures";
import { launchParley } from "../e2e/support/launchParley";
import { latencyFigure, recordFigures } from "./lib/results";

const builderPort = 24_000 + (process.pid % 1_000);
const env = {
  BUILDER_PORT: String(builderPort),
  VIEWER_PORT: String(builderPort + 1),
  EMBEDDED_POSTGRES_PORT: String(builderPort + 20_000),
  // The e2e helpers read the viewer's port from here.
  E2E_VIEWER_PORT: String(builderPort + 1),
  // Every visit starts a chat from this one address, faster than a visitor would: not what is measured.
  CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: "6000",
};
process.env.E2E_VIEWER_PORT = env.E2E_VIEWER_PORT;
const viewerUrl = `http://localhost:${env.VIEWER_PORT}`;
const runs = 5;
const targetMs = 1_000;

/** Lighthouse's mobile throttling (a mid-range phone on a slow 4G network). */
const phoneNetwork = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const cpuSlowdown = 4;

// Runs in the page before its own scripts: the time (ms from navigation start) the first bot bubble
// is in the document, inside the widget's shadow root.
const watchFirstBubble = `(() => {
  const find = () => {
    for (const host of document.querySelectorAll("#parley-share, [data-parley-host]")) {
      if (host.shadowRoot?.querySelector("[data-testid=host-bubble]")) return true;
    }
    return false;
  };
  const check = () => {
    if (find()) window.__firstBubble = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

interface Visit {
  ms: number;
  scriptBytes: number;
  /** Where the time went (ms from navigation start): HTML received, script received, startChat sent and answered. */
  steps?: { html: number; script: number; startChatSent: number; startChatAnswered: number };
}

// After the first bubble: the page's own timings of its three requests.
const readSteps = `(() => {
  const navigation = performance.getEntriesByType("navigation")[0];
  const resources = performance.getEntriesByType("resource");
  const script = resources.find((entry) => entry.name.endsWith("/embed.js"));
  const start = resources.find((entry) => entry.name.endsWith("/startChat"));
  return {
    html: navigation.responseEnd,
    script: script ? script.responseEnd : NaN,
    startChatSent: start ? start.startTime : NaN,
    startChatAnswered: start ? start.responseEnd : NaN,
  };
})()`;

const parley = await launchParley(env, { extraArgs: ["--ephemeral"] });
let browser: Browser | undefined;
try {
  browser = await chromium.launch({ executablePath: findChromium(), args: ["--no-sandbox", "--headless"] });
  const author = await browser.newContext({ baseURL: parley.builderUrl });
  const user = await signUpNewUser(author.request);
  const { publicId } = await createPublishedBot(author.request, user.workspaceId, embedBot);
  const url = `${viewerUrl}/${publicId}`;

  // Warm-up: the server's first render of the page and the chat's first start fill its caches.
  await visit(browser, url, true);
  await visit(browser, url, false);
  const withWidget: Visit[] = [];
  const withoutScripts: Visit[] = [];
  for (let run = 0; run < runs; run++) {
    withWidget.push(await visit(browser, url, true));
    withoutScripts.push(await visit(browser, url, false));
  }
  const firstBubble = median(withWidget.map((run) => run.ms));
  const baseline = median(withoutScripts.map((run) => run.ms));
  console.log(
    `share page, phone profile (150 ms RTT, 1.6 Mbit/s, CPU ÷${cpuSlowdown}): first bubble ${firstBubble.toFixed(0)} ms ` +
      `(JavaScript ${(median(withWidget.map((run) => run.scriptBytes)) / 1024).toFixed(1)} KB transferred); ` +
      `the page without its scripts loaded in ${baseline.toFixed(0)} ms`,
  );
  const step = (name: keyof NonNullable<Visit["steps"]>) =>
    median(withWidget.map((run) => run.steps?.[name] ?? Number.NaN)).toFixed(0);
  console.log(
    `where the time goes (medians, ms from navigation start): HTML received ${step("html")}, ` +
      `embed.js received ${step("script")}, startChat sent ${step("startChatSent")} and answered ` +
      `${step("startChatAnswered")}, first bubble ${firstBubble.toFixed(0)}`,
  );
  recordFigures([latencyFigure("sharePage.firstBubble", firstBubble, baseline)]);
  if (firstBubble > targetMs)
    console.log(`Above target: first bubble ${firstBubble.toFixed(0)} ms > ${targetMs} ms`);
} finally {
  await browser?.close();
  await parley.stop();
}

/**
 * One first visit (new context: empty cache) under the phone profile. With the widget: navigation
 * start → the first bubble shown. Without: the same page with its scripts refused → its load event.
 */
async function visit(browser: Browser, url: string, isWidgetOn: boolean): Promise<Visit> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send("Network.enable");
    await session.send("Network.emulateNetworkConditions", phoneNetwork);
    await session.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
    let scriptBytes = 0;
    const scripts = new Set<string>();
    session.on("Network.responseReceived", (event) => {
      if (event.type === "Script") scripts.add(event.requestId);
    });
    session.on("Network.loadingFinished", (event) => {
      if (scripts.has(event.requestId)) scriptBytes += event.encodedDataLength;
    });
    if (isWidgetOn) await page.addInitScript(watchFirstBubble);
    else await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto(url, { waitUntil: isWidgetOn ? "commit" : "load", timeout: 60_000 });
    if (!isWidgetOn)
      return {
        ms: (await page.evaluate('performance.getEntriesByType("navigation")[0].loadEventEnd')) as number,
        scriptBytes,
      };
    const ms = (await page
      .waitForFunction("window.__firstBubble", undefined, { timeout: 60_000 })
      .then((handle) => handle.jsonValue())) as number;
    return { ms, scriptBytes, steps: (await page.evaluate(readSteps)) as Visit["steps"] };
  } finally {
    await context.close();
  }
}

function median(values: number[]) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}
