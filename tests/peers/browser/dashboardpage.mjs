// What the browser scripts (dashboard.mjs, continue.mjs) share: Debian's chromium driven through
// playwright-core, the line protocol with the test that started the script, and waits that say
// what the page showed when they time out. playwright-core only speaks CDP to /usr/bin/chromium;
// it never downloads a browser.
//
// Environment every script reads: DASHBOARD_URL (the devplane's base URL), DASHBOARD_ADMIN_KEY,
// DASHBOARD_SCREENSHOT (a PNG path; on a failure the page goes to <path>.failure.png),
// DASHBOARD_PROFILE (an empty directory for --user-data-dir), optionally CHROMIUM (default
// /usr/bin/chromium).
//
// Every read of the page after an action waits for the state that step expects (an element with
// the expected text, attribute or state; page.waitForFunction for what is no element), never for
// the element alone (it is in the page before the answer that fills it) and never for a fixed
// time; when a wait times out, the error says what was expected and what the page showed.
import { chromium, errors } from 'playwright-core';
import { createInterface } from 'node:readline';

export const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
export const base = env('DASHBOARD_URL').replace(/\/$/, '');
const screenshotPath = env('DASHBOARD_SCREENSHOT');
const profile = env('DASHBOARD_PROFILE');

// The test's lines on stdin, one at a time; ours on stdout.
const lines = createInterface({ input: process.stdin });
const pending = [];
const waiting = [];
lines.on('line', (line) => (waiting.length ? waiting.shift()(line) : pending.push(line)));
export const nextLine = () => (pending.length ? Promise.resolve(pending.shift()) : new Promise((resolve) => waiting.push(resolve)));
export const tell = (line) => process.stdout.write(`${line}\n`);

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

// How long a step waits for the page; a Session's run (claimed, run, settled) may take longer.
// Each is well inside what the test waits for the script's next line.
export const STEP_MS = 30000;
export const RUN_MS = 60000;

// The page the script drives (set by driveDashboard).
export let page;

// What the page shows, for an error message: the text of every element each selector matches,
// e.g. `#pair-code "" · #pair-status "Minting a pairing code…"`.
async function pageText(selectors) {
  const found = await page.evaluate((list) => list.map((selector) => [selector,
    [...document.querySelectorAll(selector)].map((node) => node.textContent.replace(/\s+/g, ' ').trim())]), selectors);
  return found.map(([selector, texts]) => `${selector} ${texts.length ? texts.map((text) => JSON.stringify(text)).join(', ') : '(none)'}`)
    .join(' · ');
}

async function describePage(shows) {
  try {
    return Array.isArray(shows) ? await pageText(shows) : String(await shows());
  } catch (error) {
    return `(the page could not be read: ${error.message.split('\n')[0]})`;
  }
}

// A timed-out wait as an error that says what was expected and what the page showed instead
// (`shows`: the selectors whose text to report, or a function that says it); other errors as they are.
export async function notShown(error, expected, shows, timeout) {
  if (!(error instanceof errors.TimeoutError)) return error;
  return new Error(`expected ${expected} within ${timeout / 1000} s, at ${page.url()}; the page showed ${await describePage(shows)}`);
}

// Waits until `locator` is in `state` (visible unless said otherwise): the page shows what a step expects.
export async function expectOnPage(locator, expected, shows, { state = 'visible', timeout = STEP_MS } = {}) {
  try {
    await locator.waitFor({ state, timeout });
  } catch (error) {
    throw await notShown(error, expected, shows, timeout);
  }
}

// Waits until `locator` (one element) shows text matching `pattern` (a RegExp, or a string it
// contains, case-insensitively) and returns that text, trimmed.
export async function textShown(locator, pattern, expected, shows, options) {
  const matching = locator.filter({ hasText: pattern });
  await expectOnPage(matching, `${expected} (text ${pattern instanceof RegExp ? pattern : JSON.stringify(pattern)})`, shows, options);
  return (await matching.textContent()).trim();
}

// Waits until `holds(arg)`, run in the page, is true: for what is not an element (sessionStorage).
export async function expectInPage(holds, arg, expected, shows, { timeout = STEP_MS } = {}) {
  try {
    await page.waitForFunction(holds, arg, { timeout });
  } catch (error) {
    throw await notShown(error, expected, shows, timeout);
  }
}

// Waits until the page has opened a Session other than those in `seen` (after Create Session)
// and returns its id.
export async function openedSession(what, seen, status = '#new-status') {
  const isNew = (url) => /^\/sessions\/sess_[0-9a-f]+$/.test(url.pathname) && !seen.includes(url.pathname.split('/')[2]);
  try {
    await page.waitForURL(isNew, { timeout: STEP_MS });
  } catch (error) {
    throw await notShown(error, `the page to open the new ${what} Session`, [status], STEP_MS);
  }
  return new URL(page.url()).pathname.split('/')[2];
}

// Enters the admin key in the sign-in form and waits for the dashboard.
export async function signIn(adminKey) {
  await page.getByLabel('Admin key', { exact: true }).fill(adminKey);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectOnPage(page.locator('#app'), 'the dashboard to open with the admin key', ['#sign-in-error', '#connection']);
}

// Runs `steps` against the dashboard in a fresh headless chromium (a new profile in the directory
// the test made), then says "done"; any error goes to stderr with the page's picture at the
// failure, and the script exits 1. The page must log no error meanwhile.
export async function driveDashboard(steps) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1440, height: 1000 },
    colorScheme: 'light',
  });
  try {
    page = context.pages()[0] || (await context.newPage());
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    page.on('console', (message) => {
      // The browser logs every non-2xx answer (a wrong key's 401 among them); those are expected.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
    });
    // Cancel and Revoke ask first; a person says yes.
    page.on('dialog', (dialog) => dialog.accept());
    await page.goto(`${base}/`);
    await steps({ screenshot: screenshotPath });
    check(pageErrors.length === 0, `the page logged errors: ${pageErrors.join(' | ')}`);
    tell('done');
  } catch (error) {
    process.stderr.write(`${process.argv[1]}: ${error.stack || error}\n`);
    if (page) {
      try {
        await page.screenshot({ path: `${screenshotPath}.failure.png`, fullPage: true });
        process.stderr.write(`the page at the failure: ${screenshotPath}.failure.png\n`);
      } catch {
        // the browser may be gone
      }
    }
    process.exitCode = 1;
  } finally {
    await context.close();
    lines.close();
  }
}
