// Drives the devplane's web dashboard in Debian's chromium (headless) the way a person would,
// for tests/e2e/tst_dashboardbrowser.cpp, which owns the devplane and the Runner
// (dashboardpage.mjs: the browser, the environment it reads and how the waits work).
//
// Environment besides dashboardpage.mjs's: DASHBOARD_AGENT (the ACP agent's command line, a JSON
// array), DASHBOARD_LABEL (the machine label to mint the code for); DASHBOARD_SCREENSHOT is where
// the picture of the page goes.
//
// Talks to the test in lines. stdout: "code <CODE>" (then waits for "runner-started" on stdin),
// "session <kind> <id>", "approved <session_id> <approval_id>", "settled <session_id> <outcome>"
// (the git-demo one adds the commit the form asked for),
// "screenshot <path>", "revoked <runner_id>", "done". stderr: what went wrong; exit 1.
import {
  base, check, driveDashboard, env, expectInPage, expectOnPage, nextLine, notShown, openedSession, page, RUN_MS, signIn,
  STEP_MS, tell, textShown,
} from './dashboardpage.mjs';

const adminKey = env('DASHBOARD_ADMIN_KEY');
const agent = env('DASHBOARD_AGENT');
const label = env('DASHBOARD_LABEL');

await driveDashboard(async ({ screenshot }) => {
  // The page asks for the admin key; a wrong one gets a clear message and no access.
  await page.getByLabel('Admin key', { exact: true }).fill('cfa_not_the_key');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectOnPage(page.getByRole('alert').filter({ hasText: 'did not accept this admin key' }),
    'the sign-in form to say the devplane did not accept the key', ['#sign-in-error', '#connection']);
  // The page hides the dashboard in the same step that shows the message: nothing to wait for.
  check(await page.locator('#app').isHidden(), 'the dashboard opened with a wrong admin key');
  await signIn(adminKey);
  await expectInPage((key) => sessionStorage.getItem('checkfu.devplane.adminKey') === key, adminKey,
    'the admin key kept in sessionStorage',
    async () => `sessionStorage holding ${JSON.stringify(await page.evaluate(() => sessionStorage.getItem('checkfu.devplane.adminKey')))}`);

  // Mint a code for the machine and hand it to the test, which starts a headless Runner with it.
  // The code, its link and the status line are filled together once the devplane answered.
  await page.getByLabel(/Machine label/).fill(label);
  await page.getByRole('button', { name: 'Mint pairing code' }).click();
  const code = await textShown(page.locator('#pair-code'), /CFU(-[A-Z0-9]{4}){3}/, 'a pairing code in #pair-code',
    ['#pair-code', '#pair-status']);
  check(/^CFU(-[A-Z0-9]{4}){3}$/.test(code), `the page shows no pairing code: "${code}"`);
  const expectedLink = `checkfu://pair?code=${encodeURIComponent(code)}&endpoint=${encodeURIComponent(base)}`;
  const link = page.getByRole('link', { name: 'Open in Checkfu Runner' });
  await expectOnPage(link.and(page.locator(`[href="${expectedLink}"]`)), `the Open in Checkfu Runner link to be ${expectedLink}`,
    async () => `a link to ${await link.getAttribute('href', { timeout: 1000 })}`);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await page.getByRole('button', { name: 'Copy' }).click();
  await textShown(page.locator('#pair-status'), 'copied', 'the status line to say the code was copied', ['#pair-status']);
  // The page says "copied" only once the clipboard write resolved.
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  check(copied === code, `Copy put "${copied}" on the clipboard, not the code ${code}`);
  tell(`code ${code}`);
  check((await nextLine()) === 'runner-started', 'the test did not start the Runner');

  // The Runner shows up ready and idle, under the label the code was minted for.
  const runnerRow = page.locator('#runners li[data-status="ready"]').filter({ hasText: label });
  const runnerText = await textShown(runnerRow.filter({ hasText: /0 of \d+ slots busy/ }), /last heartbeat \d+ s ago/,
    `the Runner "${label}" listed ready, 0 slots busy, with its last heartbeat`, ['#runners li', '#runners-status']);
  const runnerId = (runnerText.match(/runner_[0-9a-f]+/) || [''])[0];
  check(runnerId, `the Runner row shows no runner id: ${runnerText}`);

  // Harness output is text, never markup: an echo Session prints HTML that must stay inert.
  await page.getByLabel('Preset', { exact: true }).selectOption('echo');
  await page.getByLabel('Prompt', { exact: true }).fill('<img src=x onerror="window.__dashboardXss=1"><b>not bold</b>');
  await page.getByRole('button', { name: 'Create Session' }).click();
  const echoId = await openedSession('echo', []);
  tell(`session echo ${echoId}`);
  await textShown(page.locator('#settle-outcome'), 'succeeded', 'the echo Session settled succeeded',
    ['#session-state', '#settle-outcome', '#settle-reason', '#session-status'], { timeout: RUN_MS });
  await expectOnPage(page.locator('#events li[data-kind="output.stdout"]').filter({ hasText: '<b>not bold</b>' }).first(),
    'the echo output, as text, among the events', ['#events li[data-kind^="output"]']);
  // What must not happen: markup in the rows the page just showed, or a script that ran.
  check(await page.locator('#events img, #events b').count() === 0, 'harness output was rendered as markup');
  check(await page.evaluate(() => window.__dashboardXss) === undefined, 'harness output ran a script');
  tell(`settled ${echoId} succeeded`);

  // A Session on a git repository: the form comes filled with the devplane's demo repository at
  // the commit before its tip; the page shows the workspace ready at exactly that commit, the
  // harness working in it, and the memory file it changed.
  await page.getByLabel('Preset', { exact: true }).selectOption('git-demo');
  const gitForm = async () => `Repository URL ${JSON.stringify(await page.locator('#param-repository').inputValue())}, `
    + `Commit ${JSON.stringify(await page.locator('#param-commit').inputValue())}`;
  await expectInPage(() => /\/git\/demo\.git$/.test(document.querySelector('#param-repository')?.value ?? '')
    && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(document.querySelector('#param-commit')?.value ?? ''), null,
  'the git-demo form filled with the demo repository and a commit', gitForm);
  const commit = await page.locator('#param-commit').inputValue();
  await page.getByRole('button', { name: 'Create Session' }).click();
  const gitId = await openedSession('git-demo', [echoId]);
  tell(`session git-demo ${gitId}`);
  const gitShows = ['#session-state', '#settle-outcome', '#settle-reason', '#events li'];
  await textShown(page.locator('#settle-outcome'), 'succeeded', 'the git-demo Session settled succeeded', gitShows,
    { timeout: RUN_MS });
  await expectOnPage(page.locator('#events li[data-kind="workspace.ready"]').filter({ hasText: `commit ${commit}` }),
    `a workspace.ready event at commit ${commit}`, gitShows);
  await expectOnPage(page.locator('#events li[data-kind="output.stdout"]').filter({ hasText: `checked out: ${commit}` }).first(),
    `the harness's output "checked out: ${commit}"`, gitShows);
  await expectOnPage(page.locator('#events li[data-kind="memory.changed"]').filter({ hasText: 'changed AGENTS.md' }),
    'a memory.changed event for AGENTS.md', gitShows);
  tell(`settled ${gitId} succeeded ${commit}`);

  // An ACP Session from the acp preset: the agent asks for permission before its tool call.
  await page.getByLabel('Preset', { exact: true }).selectOption('acp');
  await page.getByLabel(/Agent command line/).fill(agent);
  await page.getByLabel('Prompt', { exact: true }).fill('say I will clean the build directory.; tool List build/; ask Delete build/; say Done.');
  await page.getByRole('button', { name: 'Create Session' }).click();
  const acpId = await openedSession('acp', [echoId, gitId]);
  tell(`session acp ${acpId}`);

  // Its approval appears pending in the page, and is approved there.
  const approval = page.locator('#approvals li.pending').filter({ hasText: 'Delete build/' });
  await expectOnPage(approval, 'the agent\'s pending approval "Delete build/"',
    ['#session-state', '#approvals li', '#events li:last-child', '#session-status'], { timeout: RUN_MS });
  const approvalId = await approval.getAttribute('data-key');
  await approval.locator('button[data-option-kind="allow_once"]').click();
  await textShown(page.locator('#session-status'), 'sent to the Runner', 'the status line to say the decision was sent',
    ['#session-status']);
  tell(`approved ${acpId} ${approvalId}`);
  const acpEvents = ['#session-state', '#approvals li', '#events li:last-child', '#session-status'];
  await expectOnPage(page.locator('#events li[data-kind="approval.resolved"]').filter({ hasText: 'allow_once' }),
    'an approval.resolved event for allow_once', acpEvents);
  await expectOnPage(page.locator('#events li').filter({ hasText: 'approved:allow_once' }).first(),
    'the agent\'s update that it was approved:allow_once', acpEvents);
  await expectOnPage(page.locator('#events li[data-kind="turn.ended"]'), 'the turn to end', acpEvents);

  // Closing the ACP Session ends it; the page shows the settlement (outcome and settled-by
  // together) and no approval pending any more.
  await page.getByRole('button', { name: 'Close Session' }).click();
  const settledShows = ['#session-state', '#settle-outcome', '#settle-reason', '#settle-by', '#session-status'];
  await textShown(page.locator('#settle-outcome'), 'succeeded', 'the ACP Session settled succeeded', settledShows,
    { timeout: RUN_MS });
  const settledBy = await textShown(page.locator('#settle-by'), /\S/, 'who settled the ACP Session', settledShows);
  check(settledBy === 'runner', `the settlement says settled by "${settledBy}"`);
  await expectOnPage(page.locator('#approvals li.pending').first(), 'no approval pending after the decision',
    ['#approvals li'], { state: 'detached' });
  tell(`settled ${acpId} succeeded`);

  // The approval link the devplane hands out opens that approval in the same page.
  await page.goto(`${base}/sessions/${acpId}/approvals/${encodeURIComponent(approvalId)}`);
  await expectOnPage(page.locator(`#approvals li.linked[data-key="${approvalId}"]`), `the linked approval ${approvalId}`,
    ['#approvals li', '#session-status']);
  await textShown(page.locator('#settle-outcome'), 'succeeded', 'the linked Session shown settled succeeded', settledShows);

  // The picture: a fresh code for another machine, and the ACP Session opened from the list.
  await page.getByLabel(/Machine label/).fill('second-laptop');
  await page.getByRole('button', { name: 'Mint pairing code' }).click();
  await textShown(page.locator('#pair-status'), 'second-laptop', 'a pairing code for second-laptop', ['#pair-code', '#pair-status']);
  await page.locator('#sessions a').filter({ hasText: acpId }).click();
  try {
    await page.waitForURL((url) => url.pathname === `/sessions/${acpId}`, { timeout: STEP_MS });
  } catch (error) {
    throw await notShown(error, `the ACP Session ${acpId} opened from the list`, ['#sessions li'], STEP_MS);
  }
  await textShown(page.locator('#settle-outcome'), 'succeeded', 'the ACP Session shown settled succeeded', settledShows);
  await expectOnPage(page.locator('#events li[data-kind="turn.ended"]'), 'the ACP Session\'s events up to the turn\'s end', acpEvents);
  await expectOnPage(runnerRow, `the Runner "${label}" listed ready`, ['#runners li', '#runners-status']);
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.screenshot({ path: screenshot, fullPage: true });
  tell(`screenshot ${screenshot}`);

  // Cancel Session: a long sleep is cancelled from the page.
  await page.goto(`${base}/`);
  await page.getByLabel('Preset', { exact: true }).selectOption('sleep');
  await page.getByLabel('Seconds', { exact: true }).fill('300');
  await page.getByRole('button', { name: 'Create Session' }).click();
  const sleepId = await openedSession('sleep', [echoId, gitId, acpId]);
  tell(`session sleep ${sleepId}`);
  await textShown(page.locator('#session-state'), 'running', 'the sleep Session running', ['#session-state', '#session-meta', '#session-status']);
  await page.getByRole('button', { name: 'Cancel Session' }).click();
  await textShown(page.locator('#settle-outcome'), 'cancelled', 'the sleep Session settled cancelled', settledShows,
    { timeout: RUN_MS });
  tell(`settled ${sleepId} cancelled`);

  // Revoke: the Runner leaves the list.
  await runnerRow.getByRole('button', { name: `Revoke ${label}` }).click();
  await textShown(page.locator('#runners-status'), 'was revoked', `the status line to say "${label}" was revoked`, ['#runners-status']);
  await expectOnPage(page.locator('#runners li').filter({ hasText: runnerId }), `the revoked Runner ${runnerId} gone from the list`,
    ['#runners li', '#runners-status'], { state: 'detached' });
  tell(`revoked ${runnerId}`);
});
