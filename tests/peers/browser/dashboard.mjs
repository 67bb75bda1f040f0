// Drives the devplane's web dashboard in Debian's chromium (headless) the way a person would,
// for tests/e2e/tst_dashboardbrowser.cpp, which owns the devplane and the Runner. It never
// downloads a browser: playwright-core only speaks CDP to /usr/bin/chromium.
//
// Environment: DASHBOARD_URL (the devplane's base URL), DASHBOARD_ADMIN_KEY,
// DASHBOARD_AGENT (the ACP agent's command line, a JSON array), DASHBOARD_LABEL (the machine
// label to mint the code for), DASHBOARD_SCREENSHOT (PNG path), DASHBOARD_PROFILE (an empty
// directory for --user-data-dir), optionally CHROMIUM (default /usr/bin/chromium).
//
// Talks to the test in lines. stdout: "code <CODE>" (then waits for "runner-started" on stdin),
// "session <kind> <id>", "approved <session_id> <approval_id>", "settled <session_id> <outcome>",
// "screenshot <path>", "revoked <runner_id>", "done". stderr: what went wrong; exit 1.
import { chromium } from 'playwright-core';
import { createInterface } from 'node:readline';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const base = env('DASHBOARD_URL').replace(/\/$/, '');
const adminKey = env('DASHBOARD_ADMIN_KEY');
const agent = env('DASHBOARD_AGENT');
const label = env('DASHBOARD_LABEL');
const screenshot = env('DASHBOARD_SCREENSHOT');
const profile = env('DASHBOARD_PROFILE');

const lines = createInterface({ input: process.stdin });
const pending = [];
const waiting = [];
lines.on('line', (line) => (waiting.length ? waiting.shift()(line) : pending.push(line)));
const nextLine = () => (pending.length ? Promise.resolve(pending.shift()) : new Promise((resolve) => waiting.push(resolve)));
const tell = (line) => process.stdout.write(`${line}\n`);

function check(condition, message) {
  if (!condition) throw new Error(message);
}

// A fresh profile (--user-data-dir) in the directory the test made.
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1440, height: 1000 },
  colorScheme: 'light',
});
let page;
try {
  page = context.pages()[0] || (await context.newPage());
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.on('console', (message) => {
    // The browser logs every non-2xx answer (the wrong key's 401 among them); those are expected.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
  });
  // Cancel and Revoke ask first; a person says yes.
  page.on('dialog', (dialog) => dialog.accept());

  // The page asks for the admin key; a wrong one gets a clear message and no access.
  await page.goto(`${base}/`);
  await page.getByLabel('Admin key', { exact: true }).fill('cfa_not_the_key');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('alert').filter({ hasText: 'did not accept this admin key' }).waitFor();
  check(await page.locator('#app').isHidden(), 'the dashboard opened with a wrong admin key');
  await page.getByLabel('Admin key', { exact: true }).fill(adminKey);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.locator('#app').waitFor({ state: 'visible' });
  check(await page.evaluate(() => sessionStorage.getItem('checkfu.devplane.adminKey')) === adminKey,
    'the admin key is not kept in sessionStorage');

  // Mint a code for the machine and hand it to the test, which starts a headless Runner with it.
  await page.getByLabel(/Machine label/).fill(label);
  await page.getByRole('button', { name: 'Mint pairing code' }).click();
  const code = (await page.locator('#pair-code').textContent({ timeout: 10000 })).trim();
  check(/^CFU(-[A-Z0-9]{4}){3}$/.test(code), `the page shows no pairing code: "${code}"`);
  const link = await page.getByRole('link', { name: 'Open in Checkfu Runner' }).getAttribute('href');
  const expectedLink = `checkfu://pair?code=${encodeURIComponent(code)}&endpoint=${encodeURIComponent(base)}`;
  check(link === expectedLink, `the Open in Checkfu Runner link is ${link}, not ${expectedLink}`);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.locator('#pair-status').filter({ hasText: 'copied' }).waitFor();
  check(await page.evaluate(() => navigator.clipboard.readText()) === code, 'Copy did not put the code on the clipboard');
  tell(`code ${code}`);
  check((await nextLine()) === 'runner-started', 'the test did not start the Runner');

  // The Runner shows up ready, under the label the code was minted for.
  const runnerRow = page.locator('#runners li[data-status="ready"]').filter({ hasText: label });
  await runnerRow.waitFor({ timeout: 30000 });
  const runnerText = await runnerRow.textContent();
  check(/0 of \d+ slots busy/.test(runnerText), `the Runner row shows no idle slots: ${runnerText}`);
  check(/last heartbeat \d+ s ago/.test(runnerText), `the Runner row shows no heartbeat: ${runnerText}`);

  // Harness output is text, never markup: an echo Session prints HTML that must stay inert.
  await page.getByLabel('Preset', { exact: true }).selectOption('echo');
  await page.getByLabel('Prompt', { exact: true }).fill('<img src=x onerror="window.__dashboardXss=1"><b>not bold</b>');
  await page.getByRole('button', { name: 'Create Session' }).click();
  await page.waitForURL(/\/sessions\/sess_[0-9a-f]+$/);
  const echoId = new URL(page.url()).pathname.split('/')[2];
  tell(`session echo ${echoId}`);
  await page.locator('#settle-outcome').filter({ hasText: 'succeeded' }).waitFor({ timeout: 60000 });
  await page.locator('#events li[data-kind="output.stdout"]').filter({ hasText: '<b>not bold</b>' }).first().waitFor();
  check(await page.locator('#events img, #events b').count() === 0, 'harness output was rendered as markup');
  check(await page.evaluate(() => window.__dashboardXss) === undefined, 'harness output ran a script');
  tell(`settled ${echoId} succeeded`);

  // An ACP Session from the acp preset: the agent asks for permission before its tool call.
  await page.getByLabel('Preset', { exact: true }).selectOption('acp');
  await page.getByLabel(/Agent command line/).fill(agent);
  await page.getByLabel('Prompt', { exact: true }).fill('say I will clean the build directory.; tool List build/; ask Delete build/; say Done.');
  await page.getByRole('button', { name: 'Create Session' }).click();
  await page.waitForURL((url) => /^\/sessions\/sess_[0-9a-f]+$/.test(url.pathname) && !url.pathname.endsWith(echoId));
  const acpId = new URL(page.url()).pathname.split('/')[2];
  tell(`session acp ${acpId}`);

  // Its approval appears pending in the page, and is approved there.
  const approval = page.locator('#approvals li.pending').filter({ hasText: 'Delete build/' });
  await approval.waitFor({ timeout: 60000 });
  const approvalId = await approval.getAttribute('data-key');
  await approval.locator('button[data-option-kind="allow_once"]').click();
  await page.locator('#session-status').filter({ hasText: 'sent to the Runner' }).waitFor();
  tell(`approved ${acpId} ${approvalId}`);
  await page.locator('#events li[data-kind="approval.resolved"]').filter({ hasText: 'allow_once' }).waitFor({ timeout: 30000 });
  await page.locator('#events li').filter({ hasText: 'approved:allow_once' }).waitFor({ timeout: 30000 });
  await page.locator('#events li[data-kind="turn.ended"]').waitFor({ timeout: 30000 });

  // Closing the ACP Session ends it; the page shows the settlement.
  await page.getByRole('button', { name: 'Close Session' }).click();
  await page.locator('#settle-outcome').filter({ hasText: 'succeeded' }).waitFor({ timeout: 60000 });
  const settledBy = (await page.locator('#settle-by').textContent()).trim();
  check(settledBy === 'runner', `the settlement says settled by "${settledBy}"`);
  check(await page.locator('#approvals li.pending').count() === 0, 'an approval is still pending after the decision');
  tell(`settled ${acpId} succeeded`);

  // The approval link the devplane hands out opens that approval in the same page.
  await page.goto(`${base}/sessions/${acpId}/approvals/${encodeURIComponent(approvalId)}`);
  await page.locator(`#approvals li.linked[data-key="${approvalId}"]`).waitFor({ timeout: 15000 });
  await page.locator('#settle-outcome').filter({ hasText: 'succeeded' }).waitFor();

  // The picture: a fresh code for another machine, and the ACP Session opened from the list.
  await page.getByLabel(/Machine label/).fill('second-laptop');
  await page.getByRole('button', { name: 'Mint pairing code' }).click();
  await page.locator('#pair-status').filter({ hasText: 'second-laptop' }).waitFor();
  await page.locator('#sessions a').filter({ hasText: 'acp' }).click();
  await page.waitForURL((url) => url.pathname === `/sessions/${acpId}`);
  await page.locator('#settle-outcome').filter({ hasText: 'succeeded' }).waitFor();
  await page.locator('#events li[data-kind="turn.ended"]').waitFor();
  await runnerRow.waitFor();
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.screenshot({ path: screenshot, fullPage: true });
  tell(`screenshot ${screenshot}`);

  // Cancel Session: a long sleep is cancelled from the page.
  await page.goto(`${base}/`);
  await page.getByLabel('Preset', { exact: true }).selectOption('sleep');
  await page.getByLabel('Seconds', { exact: true }).fill('300');
  await page.getByRole('button', { name: 'Create Session' }).click();
  await page.waitForURL((url) => /^\/sessions\/sess_[0-9a-f]+$/.test(url.pathname)
    && !url.pathname.endsWith(echoId) && !url.pathname.endsWith(acpId));
  const sleepId = new URL(page.url()).pathname.split('/')[2];
  tell(`session sleep ${sleepId}`);
  await page.locator('#session-state').filter({ hasText: 'running' }).waitFor({ timeout: 30000 });
  await page.getByRole('button', { name: 'Cancel Session' }).click();
  await page.locator('#settle-outcome').filter({ hasText: 'cancelled' }).waitFor({ timeout: 60000 });
  tell(`settled ${sleepId} cancelled`);

  // Revoke: the Runner leaves the list.
  const runnerId = (await runnerRow.textContent()).match(/runner_[0-9a-f]+/)[0];
  await runnerRow.getByRole('button', { name: `Revoke ${label}` }).click();
  await page.locator('#runners-status').filter({ hasText: 'was revoked' }).waitFor({ timeout: 15000 });
  await page.locator('#runners li').filter({ hasText: runnerId }).waitFor({ state: 'detached', timeout: 15000 });
  tell(`revoked ${runnerId}`);

  check(pageErrors.length === 0, `the page logged errors: ${pageErrors.join(' | ')}`);
  tell('done');
} catch (error) {
  process.stderr.write(`dashboard.mjs: ${error.stack || error}\n`);
  if (page) {
    try {
      await page.screenshot({ path: `${screenshot}.failure.png`, fullPage: true });
      process.stderr.write(`dashboard.mjs: the page at the failure: ${screenshot}.failure.png\n`);
    } catch {
      // the browser may be gone
    }
  }
  process.exitCode = 1;
} finally {
  await context.close();
  lines.close();
}
