import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
const page = await browser.newPage({ viewport: { width: Number(process.argv[2]), height: 700 } });
await page.goto("http://localhost:4599/");
await page.getByLabel("Your name").fill("Ada");
await page.getByLabel("Your name").press("Enter");
await page.waitForTimeout(700);
await page.screenshot({ path: `/tmp/harness/input-${process.env.START}-${process.argv[2]}.png` });
await browser.close();
