// "Continue from this workspace" in the devplane's dashboard (issue 23), for
// tests/e2e/tst_dashboardbrowser.cpp, which owns the devplane and the Runner and ran a Session
// that kept its workspace (snapshot.on_settle). A person opens that Session from the list, reads
// what the Runner kept, presses the button and watches the new Session run and settle.
// Environment: dashboardpage.mjs's (DASHBOARD_SCREENSHOT only for the picture of a failure).
//
// Talks to the test in lines. stdin: "open <session_id>" (once that Session settled). stdout:
// "shown <json>" (what the page shows of that Session), "continued <session_id>" (the Session the
// button made, as the page opened it), "settled <json>" (what the page shows of the new Session
// once it settled), "done". stderr: what went wrong; exit 1.
import {
  check, driveDashboard, env, expectInPage, expectOnPage, nextLine, notShown, openedSession, page, RUN_MS, signIn,
  STEP_MS, tell, textShown,
} from './dashboardpage.mjs';

const adminKey = env('DASHBOARD_ADMIN_KEY');

const snapshotShows = ['#session-state', '#settle-outcome', '#snapshot dd', '#session-status'];

// The kept workspace as the open Session shows it, once it shows one other than `previousId`.
async function snapshotShown(previousId) {
  const id = await textShown(page.locator('#snapshot-id'), /^snap_[0-9a-f]{32}$/, 'the kept workspace\'s snapshot id',
    snapshotShows);
  check(id !== previousId, `the page shows the snapshot ${id} of the Session it showed before`);
  const text = async (selector) => (await page.locator(selector).textContent()).trim();
  return {
    id,
    digest: await page.locator('#snapshot-id').getAttribute('title'),
    files: await text('#snapshot-files'),
    changes: await text('#snapshot-changes'),
    base: await text('#snapshot-base'),
  };
}

await driveDashboard(async () => {
  await signIn(adminKey);
  const line = await nextLine();
  const [word, firstId] = line.split(' ');
  check(word === 'open' && /^sess_[0-9a-f]+$/.test(firstId ?? ''), `the test said "${line}", not "open <session_id>"`);

  // The settled Session, listed succeeded and opened from the list.
  const firstRow = page.locator('#sessions li').filter({ hasText: firstId });
  const firstListed = await textShown(firstRow.locator('.chip'), 'succeeded', `the Session ${firstId} listed succeeded`,
    ['#sessions li']);
  await firstRow.getByRole('link').click();
  try {
    await page.waitForURL((url) => url.pathname === `/sessions/${firstId}`, { timeout: STEP_MS });
  } catch (error) {
    throw await notShown(error, `the Session ${firstId} opened from the list`, ['#sessions li'], STEP_MS);
  }
  const firstOutcome = await textShown(page.locator('#settle-outcome'), 'succeeded', 'the Session settled succeeded',
    snapshotShows);
  const kept = await snapshotShown('');
  tell(`shown ${JSON.stringify({ session: firstId, listed: firstListed, outcome: firstOutcome, snapshot: kept })}`);

  // Continue from this workspace: the page opens the new Session, listed and marked as the open one.
  const button = page.getByRole('button', { name: 'Continue from this workspace', exact: true });
  await expectOnPage(button.and(page.locator(':enabled')), 'the Continue from this workspace button', snapshotShows);
  await button.click();
  const secondId = await openedSession('continued', [firstId], '#session-status');
  tell(`continued ${secondId}`);
  const secondRow = page.locator('#sessions li').filter({ hasText: secondId });
  await expectOnPage(secondRow.locator('a[aria-current="page"]'), `the new Session ${secondId} listed as the one open`,
    ['#sessions li']);

  // The Runner restores the workspace and runs the harness in it; the page shows every event up
  // to the settlement, and the Runner kept this Session's workspace too.
  const secondShows = ['#session-state', '#settle-outcome', '#settle-reason', '#events li', '#session-status'];
  const secondOutcome = await textShown(page.locator('#settle-outcome'), 'succeeded',
    'the continued Session settled succeeded', secondShows, { timeout: RUN_MS });
  await expectInPage(() => document.getElementById('event-count').textContent !== ''
    && document.getElementById('event-count').textContent === document.getElementById('settle-seq').textContent, null,
  'every event up to the settlement shown', ['#event-count', '#settle-seq']);
  const secondListed = await textShown(secondRow.locator('.chip'), 'succeeded', `the Session ${secondId} listed succeeded`,
    ['#sessions li']);
  const texts = (kind) => page.locator(`#events li[data-kind="${kind}"] .text`).allTextContents();
  tell(`settled ${JSON.stringify({
    session: secondId,
    listed: secondListed,
    outcome: secondOutcome,
    ready: await texts('workspace.ready'),
    stdout: (await texts('output.stdout')).join(''),
    snapshot: await snapshotShown(kept.id),
  })}`);
});
