// The devplane's web dashboard: plain JavaScript, no build step, served by checkfu-devplane.
// Everything it shows from the devplane is set as text (textContent), never parsed as markup: event
// text is harness output and Session titles, labels and approval titles come from elsewhere.
'use strict';

(() => {
  const KEY_STORAGE = 'checkfu.devplane.adminKey';
  const OVERVIEW_INTERVAL_MS = 2000;
  const EVENTS_WAIT_SECONDS = 25;
  const MAX_EVENT_ROWS = 5000;

  const state = {
    key: sessionStorage.getItem(KEY_STORAGE),
    version: '2026-08-27',
    presets: [],
    sessions: new Map(), // session_id -> list entry (GET /v1/_dev/sessions)
    overviewTimer: null,
    connected: null,
    view: null, // the open Session: {id, approvalId, afterSeq, status, abort, …}
  };

  const $ = (id) => document.getElementById(id);

  // --- small DOM helpers (text only) ------------------------------------------------------

  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(props)) {
      if (value === undefined || value === null) continue;
      if (name === 'dataset') Object.assign(node.dataset, value);
      else if (name === 'text') node.textContent = value;
      else if (name in node) node[name] = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function setText(id, text) {
    const node = $(id);
    if (node.textContent !== text) node.textContent = text;
  }

  function say(id, text, kind = '') {
    const node = $(id);
    node.textContent = text;
    node.classList.toggle('error', kind === 'error');
    node.classList.toggle('ok', kind === 'ok');
  }

  function shortId(id) {
    return typeof id === 'string' && id.length > 14 ? `${id.slice(0, 13)}…` : String(id ?? '');
  }

  function clock(iso) {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour12: false });
  }

  function ago(iso) {
    const seconds = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 1000));
    if (!Number.isFinite(seconds)) return '';
    if (seconds < 60) return `${seconds} s ago`;
    if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
    return `${Math.floor(seconds / 3600)} h ago`;
  }

  function uuid() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  // --- the devplane's admin API -------------------------------------------------------------

  class ApiError extends Error {
    constructor(status, code, message) {
      super(message);
      this.status = status;
      this.code = code;
    }
  }

  async function api(method, path, body, signal) {
    const headers = { Authorization: `Bearer ${state.key}`, 'Checkfu-Version': state.version };
    if (method !== 'GET') headers['Idempotency-Key'] = uuid();
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        credentials: 'omit',
        signal,
      });
    } catch (error) {
      if (error.name === 'AbortError') throw error;
      setConnected(false);
      throw new ApiError(0, 'unreachable', 'The devplane does not answer. Is checkfu-devplane serve still running?');
    }
    setConnected(true);
    let json = null;
    if (response.status !== 204) {
      try {
        json = await response.json();
      } catch (error) {
        if (error.name === 'AbortError') throw error;
        json = null;
      }
    }
    if (!response.ok) {
      const detail = (json && json.error) || {};
      const failure = new ApiError(response.status, detail.code || `http_${response.status}`,
        detail.message || response.statusText || 'request failed');
      if (response.status === 401) signOut(`The devplane did not accept this admin key (${failure.code}: ${failure.message}).`);
      throw failure;
    }
    return json;
  }

  function describe(error) {
    return error instanceof ApiError && error.status > 0 ? `${error.code}: ${error.message}` : error.message;
  }

  function setConnected(connected) {
    if (state.connected === connected) return;
    state.connected = connected;
    const node = $('connection');
    node.textContent = connected ? `Connected to ${location.host}` : 'The devplane does not answer';
    node.classList.toggle('offline', !connected);
  }

  // --- admin key ------------------------------------------------------------------------------

  function signOut(message) {
    state.key = null;
    sessionStorage.removeItem(KEY_STORAGE);
    stopOverview();
    closeSessionView();
    $('app').hidden = true;
    $('sign-out').hidden = true;
    $('sign-in').hidden = false;
    say('sign-in-error', message || '', 'error');
    $('admin-key').value = '';
    $('admin-key').focus();
  }

  async function signIn(key) {
    state.key = key;
    try {
      await api('GET', '/v1/_dev/identities');
    } catch (error) {
      if (error.status !== 401) {
        // Not the key's fault (the devplane is down): keep it in the form to try again.
        state.key = null;
        $('app').hidden = true;
        $('sign-in').hidden = false;
        $('admin-key').value = key;
        say('sign-in-error', describe(error), 'error');
      }
      return;
    }
    sessionStorage.setItem(KEY_STORAGE, key);
    say('sign-in-error', '');
    $('sign-in').hidden = true;
    $('app').hidden = false;
    $('sign-out').hidden = false;
    await loadPresets();
    startOverview();
    route();
  }

  // --- pairing --------------------------------------------------------------------------------

  async function mintCode(event) {
    event.preventDefault();
    const label = $('pair-label').value.trim();
    const body = label ? { machine_label: label } : {};
    say('pair-status', 'Minting a pairing code…');
    try {
      const pairing = await api('POST', '/v1/runner-pairings', body);
      const endpoint = location.origin;
      $('pair-code').textContent = pairing.code;
      $('pair-link').href = `checkfu://pair?code=${encodeURIComponent(pairing.code)}&endpoint=${encodeURIComponent(endpoint)}`;
      $('pair-expiry').textContent = `Valid once, until ${new Date(pairing.expires_at).toLocaleString()}.`;
      $('pair-command').textContent = `checkfu-runner start --endpoint ${endpoint} --code ${pairing.code}`;
      $('pair-result').hidden = false;
      say('pair-status', label ? `Pairing code for “${label}” ready.` : 'Pairing code ready.', 'ok');
    } catch (error) {
      say('pair-status', `Could not mint a code: ${describe(error)}`, 'error');
    }
  }

  async function copyCode() {
    const code = $('pair-code').textContent;
    try {
      await navigator.clipboard.writeText(code);
      say('pair-status', 'Pairing code copied.', 'ok');
    } catch {
      const range = document.createRange();
      range.selectNodeContents($('pair-code'));
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      say('pair-status', 'Press Ctrl+C to copy the selected code.');
    }
  }

  // --- overview: Runners and Sessions, refreshed every few seconds ---------------------------

  function startOverview() {
    stopOverview();
    const tick = async () => {
      if (!document.hidden) await refreshOverview();
      if (state.key) state.overviewTimer = setTimeout(tick, OVERVIEW_INTERVAL_MS);
    };
    tick();
  }

  function stopOverview() {
    clearTimeout(state.overviewTimer);
    state.overviewTimer = null;
  }

  async function refreshOverview() {
    try {
      const [presences, sessions] = await Promise.all([
        api('GET', '/v1/runner-pools/presences'),
        api('GET', '/v1/_dev/sessions'),
      ]);
      renderRunners(presences.data || []);
      renderSessions(sessions.data || []);
      if ($('runners-status').classList.contains('error')) say('runners-status', '');
    } catch (error) {
      if (error.status !== 401) say('runners-status', describe(error), 'error');
    }
  }

  // Keyed lists: rows are updated in place, so a focused button keeps its focus.
  function syncList(list, items, keyOf, create, update) {
    const existing = new Map([...list.children].map((node) => [node.dataset.key, node]));
    let previous = null;
    for (const item of items) {
      const key = keyOf(item);
      let node = existing.get(key);
      if (!node) {
        node = create(item);
        node.dataset.key = key;
      }
      existing.delete(key);
      update(node, item);
      const wanted = previous ? previous.nextSibling : list.firstChild;
      if (wanted !== node) list.insertBefore(node, wanted);
      previous = node;
    }
    for (const node of existing.values()) node.remove();
  }

  function statusChip(node, text, tone) {
    node.textContent = text;
    node.className = `chip ${tone}`;
  }

  function renderRunners(presences) {
    presences.sort((a, b) => String(a.runner_id).localeCompare(String(b.runner_id)));
    syncList($('runners'), presences, (p) => p.runner_id, (p) => {
      const row = el('li', { className: 'runner' });
      const name = el('span', { className: 'runner-name' });
      const chip = el('span', { className: 'chip' });
      const details = el('p', { className: 'runner-details' },
        el('span', { className: 'runner-slots' }), ' · ', el('span', { className: 'runner-seen' }));
      const id = el('p', { className: 'runner-id hint' });
      const revoke = el('button', { type: 'button', className: 'danger small', text: 'Revoke' });
      revoke.addEventListener('click', () => revokeRunner(row.dataset.key, row.dataset.label));
      row.append(el('div', { className: 'runner-head' }, name, chip), details, id, el('div', { className: 'row-actions' }, revoke));
      return row;
    }, (row, p) => {
      const owner = p.owner || {};
      const label = owner.machine_label || 'unnamed machine';
      row.dataset.label = label;
      row.dataset.status = p.status;
      row.querySelector('.runner-name').textContent = label;
      statusChip(row.querySelector('.chip'), p.status, p.status === 'ready' ? 'good' : p.status === 'draining' ? 'warn' : 'muted');
      const slots = p.slots || {};
      row.querySelector('.runner-slots').textContent = `${slots.busy ?? 0} of ${slots.total ?? 0} slots busy`;
      const seen = row.querySelector('.runner-seen');
      seen.dataset.time = p.last_seen_at;
      seen.title = new Date(p.last_seen_at).toLocaleString();
      seen.textContent = `last heartbeat ${ago(p.last_seen_at)}`;
      row.querySelector('.runner-id').textContent = `${p.runner_id} · ${p.runner_pool ?? ''}`;
      row.querySelector('button').setAttribute('aria-label', `Revoke ${label}`);
    });
    $('runners-empty').hidden = presences.length > 0;
    setText('runner-count', presences.length ? String(presences.length) : '');
  }

  async function revokeRunner(runnerId, label) {
    if (!window.confirm(`Revoke ${label} (${runnerId})? Its credential stops working at once and its running Sessions fail.`)) return;
    try {
      await api('DELETE', `/v1/runners/${encodeURIComponent(runnerId)}/credential`);
      say('runners-status', `${label} was revoked.`, 'ok');
    } catch (error) {
      say('runners-status', `Could not revoke ${label}: ${describe(error)}`, 'error');
    }
    refreshOverview();
  }

  function sessionState(s) {
    if (s.settlement) {
      const outcome = s.settlement.outcome;
      return [outcome, outcome === 'succeeded' ? 'good' : outcome === 'failed' ? 'bad' : outcome === 'refused' ? 'warn' : 'muted'];
    }
    if (s.cancel_requested) return ['cancelling', 'warn'];
    if (s.status === 'claimed') return ['running', 'busy'];
    return [s.status, 'muted'];
  }

  function renderSessions(sessions) {
    state.sessions = new Map(sessions.map((s) => [s.session_id, s]));
    syncList($('sessions'), sessions, (s) => s.session_id, (s) => {
      const link = el('a', { className: 'session-link', href: `/sessions/${encodeURIComponent(s.session_id)}` });
      link.addEventListener('click', (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(`/sessions/${encodeURIComponent(s.session_id)}`);
      });
      link.append(el('span', { className: 'session-name' }), el('span', { className: 'chip' }),
        el('span', { className: 'session-sub hint' }), el('span', { className: 'badge', hidden: true }));
      return el('li', {}, link);
    }, (row, s) => {
      row.querySelector('.session-name').textContent = s.title || s.session_id;
      const [text, tone] = sessionState(s);
      statusChip(row.querySelector('.chip'), text, tone);
      const driver = (s.driver || '').replace(/^checkfu:/, '').replace(/@\d+$/, '');
      row.querySelector('.session-sub').textContent = `${clock(s.created_at)} · ${driver} · ${s.session_id}`;
      const badge = row.querySelector('.badge');
      badge.hidden = !s.pending_approvals;
      badge.textContent = s.pending_approvals === 1 ? '1 approval waiting' : `${s.pending_approvals} approvals waiting`;
    });
    markCurrent();
    $('sessions-empty').hidden = sessions.length > 0;
    if (state.view) updateSessionControls();
  }

  function markCurrent() {
    for (const row of $('sessions').children) {
      const current = state.view !== null && state.view.id === row.dataset.key;
      row.classList.toggle('current', current);
      if (current) row.querySelector('a').setAttribute('aria-current', 'page');
      else row.querySelector('a').removeAttribute('aria-current');
    }
  }

  // --- presets and new Sessions -----------------------------------------------------------

  const FRIENDLY = {
    prompt: 'Prompt',
    agent: 'Agent command line',
    retention: 'Retention',
    idle_timeout_ms: 'Idle timeout (ms)',
    max_duration_seconds: 'Maximum duration (s)',
    lines: 'Lines',
    interval: 'Interval (s)',
    seconds: 'Seconds',
    code: 'Exit code',
    network: 'Network',
    repository: 'Repository URL',
    commit: 'Commit',
    memory: 'Memory file (AGENTS.md)',
  };
  const ADVANCED = new Set(['idle_timeout_ms', 'max_duration_seconds']);

  async function loadPresets() {
    try {
      const capabilities = await fetch('/v1/support/capabilities', { cache: 'no-store' }).then((r) => r.json());
      if (capabilities && capabilities.api_version) state.version = capabilities.api_version;
      const presets = await api('GET', '/v1/_dev/presets');
      state.presets = presets.data || [];
    } catch (error) {
      say('new-status', `Could not load the presets: ${describe(error)}`, 'error');
      return;
    }
    const select = $('preset');
    select.replaceChildren(...state.presets.map((p) => el('option', { value: p.name, text: p.name })));
    renderPresetParams();
  }

  function renderPresetParams() {
    const preset = state.presets.find((p) => p.name === $('preset').value);
    const basic = $('preset-params');
    const more = $('preset-more-params');
    basic.replaceChildren();
    more.replaceChildren();
    if (!preset) return;
    for (const param of preset.parameters) {
      const id = `param-${param.name}`;
      const hintId = `${id}-hint`;
      const label = el('label', { htmlFor: id }, FRIENDLY[param.name] || param.name,
        param.required ? el('span', { className: 'hint', text: ' (required)' }) : null);
      let input;
      if (param.choices && param.choices.length) {
        input = el('select', { id, name: param.name });
        for (const choice of param.choices) input.append(el('option', { value: choice, text: choice }));
        if (param.default !== null) input.value = param.default;
      } else if (param.name === 'prompt' || param.name === 'memory') {
        input = el('textarea', { id, name: param.name, rows: 3, spellcheck: false });
        input.value = param.default ?? '';
      } else {
        input = el('input', { id, name: param.name, autocomplete: 'off', spellcheck: false });
        input.value = param.default ?? '';
        if (param.name === 'agent') input.placeholder = '["node", "/abs/path/agent.mjs"]';
      }
      input.required = param.required;
      input.dataset.param = param.name;
      const hint = param.shape ? el('p', { id: hintId, className: 'hint', text: `Must be ${param.shape}.` }) : null;
      if (hint) input.setAttribute('aria-describedby', hintId);
      const field = el('div', { className: 'field' }, label, input, hint);
      (ADVANCED.has(param.name) ? more : basic).append(field);
    }
    $('preset-more').hidden = more.children.length === 0;
  }

  async function createSession(event) {
    event.preventDefault();
    const preset = $('preset').value;
    const params = {};
    for (const input of document.querySelectorAll('#new-session [data-param]')) {
      if (input.value !== '') params[input.dataset.param] = input.value;
    }
    say('new-status', `Creating a ${preset} Session…`);
    try {
      const created = await api('POST', '/v1/_dev/sessions', { preset, params });
      say('new-status', `Session ${created.session_id} created; a Runner claims it when it has a free slot.`, 'ok');
      await refreshOverview();
      navigate(`/sessions/${encodeURIComponent(created.session_id)}`);
    } catch (error) {
      say('new-status', `Could not create the Session: ${describe(error)}`, 'error');
    }
  }

  // --- one Session: its events (long-poll), approvals, settlement -----------------------------

  function navigate(path) {
    if (location.pathname !== path) history.pushState(null, '', path);
    route();
  }

  function route() {
    if (!state.key) return;
    const match = /^\/sessions\/([^/]+)(?:\/approvals\/([^/]+))?\/?$/.exec(location.pathname);
    if (!match) {
      closeSessionView();
      return;
    }
    const id = decodeURIComponent(match[1]);
    const approvalId = match[2] ? decodeURIComponent(match[2]) : null;
    if (state.view && state.view.id === id) {
      state.view.approvalId = approvalId;
      state.view.focusedApproval = null;
      restartEvents();
      return;
    }
    openSessionView(id, approvalId);
  }

  function closeSessionView() {
    if (state.view && state.view.abort) state.view.abort.abort();
    state.view = null;
    $('session').hidden = true;
    markCurrent();
  }

  function openSessionView(id, approvalId) {
    closeSessionView();
    state.view = {
      id, approvalId, afterSeq: 0, notesShown: 0, data: null, abort: null, focusedApproval: null, generation: 0, pollFailed: false,
    };
    $('events').replaceChildren();
    $('approvals').replaceChildren();
    for (const id of ['settle-outcome', 'settle-reason', 'settle-exit', 'settle-by', 'settle-seq', 'settle-at']) setText(id, '');
    $('settlement').hidden = true;
    $('snapshot').hidden = true; // the Session shown before kept its workspace, this one may not
    say('session-status', '');
    setText('session-title', 'Session');
    setText('session-meta', id);
    statusChip($('session-state'), '…', 'muted');
    $('session').hidden = false;
    markCurrent();
    updateSessionControls();
    pollEvents(state.view);
  }

  function restartEvents() {
    const view = state.view;
    if (!view) return;
    if (view.abort) view.abort.abort();
    pollEvents(view);
  }

  async function pollEvents(view) {
    const generation = ++view.generation;
    let wait = 0; // the first answer at once, then long-polls
    while (state.view === view && view.generation === generation && state.key) {
      const abort = new AbortController();
      view.abort = abort;
      const query = new URLSearchParams({ after_seq: String(view.afterSeq), wait_seconds: String(wait) });
      if (view.data) {
        // What the page shows: the devplane answers as soon as any of it changes.
        query.set('status', view.data.status);
        query.set('decided', String((view.data.approvals || []).filter((a) => a.status !== 'pending').length));
        query.set('cancel_requested', view.data.cancel_requested ? 'true' : 'false');
        query.set('notes', String(view.notesShown));
      }
      try {
        const data = await api('GET', `/v1/sessions/${encodeURIComponent(view.id)}/events?${query}`, undefined, abort.signal);
        if (state.view !== view || view.generation !== generation) return;
        renderSession(view, data);
        if (view.pollFailed) {
          view.pollFailed = false;
          say('session-status', '');
        }
        wait = EVENTS_WAIT_SECONDS;
      } catch (error) {
        if (error.name === 'AbortError' || state.view !== view || view.generation !== generation) return;
        if (error.status === 401) return;
        view.pollFailed = true;
        say('session-status', error.status === 404 ? `No Session ${view.id} on this devplane.` : describe(error), 'error');
        if (error.status === 404) return;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    }
  }

  function renderSession(view, data) {
    view.data = data;
    const runner = data.runner_id ? ` · Runner ${data.runner_id}` : ' · waiting for a Runner';
    setText('session-meta', `${data.session_id} · created ${clock(data.created_at)}${runner}`);
    const [text, tone] = sessionState(data);
    statusChip($('session-state'), text, tone);
    appendEvents(view, data.events || []);
    appendNotes(view, data.notes || []);
    renderApprovals(view, data.approvals || []);
    renderSettlement(data.settlement);
    renderSnapshot(data.snapshot, data.status === 'settled');
    updateSessionControls();
  }

  // A size as a person reads it: "59 bytes", "1.5 KiB", "200.0 MiB" (a small workspace is not "0.0 MiB").
  function byteSize(bytes) {
    if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
    const units = ['KiB', 'MiB', 'GiB', 'TiB'];
    let value = bytes / 1024;
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit += 1;
    }
    return `${value.toFixed(1)} ${units[unit]}`;
  }

  // §6.9: what the Runner kept of the workspace (ids and counts; the content stays on its machine).
  function renderSnapshot(snapshot, settled) {
    $('snapshot').hidden = !snapshot;
    if (!snapshot) return;
    const changes = snapshot.changes || {};
    setText('snapshot-id', snapshot.snapshot_id ?? '');
    $('snapshot-id').title = snapshot.digest ?? '';
    const files = snapshot.files ?? 0;
    setText('snapshot-files', `${files} ${files === 1 ? 'file' : 'files'}, ${byteSize(snapshot.bytes ?? 0)}`);
    setText('snapshot-changes', `${changes.added ?? 0} added, ${changes.modified ?? 0} modified, ${changes.deleted ?? 0} deleted`);
    setText('snapshot-base', snapshot.base && snapshot.base.commit ? `git ${String(snapshot.base.commit).slice(0, 12)}` : '—');
    setText('snapshot-expires', snapshot.expires_at ? new Date(snapshot.expires_at).toLocaleString() : '');
    $('continue-session').hidden = !settled;
  }

  async function continueSession() {
    const view = state.view;
    if (!view) return;
    say('session-status', 'Starting a Session from this workspace…');
    try {
      const created = await api('POST', `/v1/sessions/${encodeURIComponent(view.id)}/continue`);
      await refreshOverview();
      navigate(`/sessions/${encodeURIComponent(created.session_id)}`);
    } catch (error) {
      say('session-status', `Could not continue: ${describe(error)}`, 'error');
    }
  }

  function eventSummary(event) {
    const data = event.data || {};
    switch (event.kind) {
      case 'output.stdout':
      case 'output.stderr':
        return data.text ?? '';
      case 'acp.update': {
        const update = data.update || {};
        const content = update.content || {};
        if (update.sessionUpdate === 'agent_message_chunk' || update.sessionUpdate === 'agent_thought_chunk') {
          return content.text ?? `[${content.type || 'content'}]`;
        }
        if (update.sessionUpdate === 'tool_call') return `tool ${update.toolCallId ?? ''}: ${update.title ?? ''} (${update.status ?? ''})`;
        if (update.sessionUpdate === 'tool_call_update') return `tool ${update.toolCallId ?? ''}: ${update.status ?? 'updated'}`;
        return update.sessionUpdate || 'update';
      }
      case 'approval.requested':
        return `asks: ${data.title ?? data.approval_id}`;
      case 'approval.resolved':
        return `${data.outcome ?? ''} ${data.option_id ?? ''}`.trim();
      case 'turn.started':
        return `turn ${data.turn_id ?? ''}`;
      case 'turn.ended':
        return `turn ended: ${data.stop_reason ?? ''}`;
      case 'run.exited':
        return data.signal ? `killed by signal ${data.signal}` : `exit code ${data.exit_code}`;
      case 'run.warning':
        return `${data.code ?? data.kind ?? 'warning'}: ${data.message ?? ''}`;
      case 'workspace.ready':
        return (Array.isArray(data.mounts) ? data.mounts : []).map((m) => `${m.kind ?? ''} at ${m.target ?? ''}`
          + (m.commit ? `, commit ${m.commit}` : '') + ` (${m.files ?? 0} files${m.from_cache ? ', from the cache' : ''})`).join('; ');
      case 'workspace.failed':
        return `${data.kind ?? ''} at ${data.target ?? ''}: ${data.message ?? ''}`;
      case 'memory.changed':
        return `memory at ${data.target ?? ''}: ` + (Array.isArray(data.changes) ? data.changes : [])
          .map((c) => `${c.deleted ? 'deleted' : 'changed'} ${c.path ?? ''}`).join(', ');
      default: {
        const json = JSON.stringify(data);
        return json.length > 400 ? `${json.slice(0, 400)}…` : json;
      }
    }
  }

  function appendEvents(view, events) {
    const list = $('events');
    const nearBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 24;
    const fragment = document.createDocumentFragment();
    for (const event of events) {
      if (typeof event.seq !== 'number' || event.seq <= view.afterSeq) continue;
      view.afterSeq = event.seq;
      const kind = String(event.kind ?? '');
      fragment.append(el('li', { className: `event kind-${kind.split('.')[0].replace(/[^a-z]/g, '')}`, dataset: { kind } },
        el('span', { className: 'seq', text: String(event.seq) }),
        el('time', { className: 'at', dateTime: String(event.at ?? ''), text: clock(event.at) }),
        el('span', { className: 'kind', text: kind }),
        el('span', { className: 'text', text: eventSummary(event) })));
    }
    list.append(fragment);
    while (list.children.length > MAX_EVENT_ROWS) list.firstChild.remove();
    if (nearBottom) list.scrollTop = list.scrollHeight;
    $('events-empty').hidden = view.afterSeq > 0;
    setText('event-count', view.afterSeq ? String(view.afterSeq) : '');
  }

  // session_note (§6.10): what the harness told the people watching, through the platform's MCP
  // server; shown among the events as they arrive, as text (the harness is not trusted).
  function appendNotes(view, notes) {
    const list = $('events');
    for (const note of notes.slice(view.notesShown)) {
      list.append(el('li', { className: 'event kind-note', dataset: { kind: 'platform.note' } },
        el('span', { className: 'seq', text: '·' }),
        el('time', { className: 'at', dateTime: String(note.at ?? ''), text: clock(note.at) }),
        el('span', { className: 'kind', text: 'note' }),
        el('span', { className: 'text', text: String(note.text ?? '') })));
    }
    view.notesShown = Math.max(view.notesShown, notes.length);
    while (list.children.length > MAX_EVENT_ROWS) list.firstChild.remove();
    if (notes.length) $('events-empty').hidden = true;
  }

  function renderApprovals(view, approvals) {
    const settled = view.data && view.data.status === 'settled';
    syncList($('approvals'), approvals, (a) => a.approval_id, (a) => {
      const row = el('li', { className: 'approval', tabIndex: -1 });
      row.append(el('p', { className: 'approval-title' }), el('p', { className: 'approval-state hint' }),
        el('div', { className: 'row-actions' }));
      return row;
    }, (row, a) => {
      row.querySelector('.approval-title').textContent = a.title || a.approval_id;
      const pending = a.status === 'pending' && !settled;
      row.classList.toggle('pending', pending);
      row.classList.toggle('linked', a.approval_id === view.approvalId);
      let detail = `${a.approval_id} · ${a.status}`;
      if (a.decision) detail += ` · decided ${a.decision.outcome === 'cancelled' ? 'cancelled' : a.decision.option_id} by ${a.decision.decided_by}`;
      if (a.resolution) detail += ` · resolved ${a.resolution.outcome}${a.resolution.option_id ? ` (${a.resolution.option_id})` : ''}`;
      if (a.status === 'pending' && settled) detail += ' · the run settled before a decision';
      row.querySelector('.approval-state').textContent = detail;
      const actions = row.querySelector('.row-actions');
      const signature = pending ? JSON.stringify(a.options) : '';
      if (actions.dataset.signature !== signature) {
        actions.dataset.signature = signature;
        actions.replaceChildren(...(pending ? (a.options || []).map((option) => {
          const kind = String(option.kind || '');
          const button = el('button', {
            type: 'button',
            className: kind.startsWith('allow') ? 'primary' : kind.startsWith('reject') ? 'danger' : '',
            text: option.name || option.option_id,
            dataset: { optionId: option.option_id, optionKind: kind },
          });
          button.addEventListener('click', () => decide(view, a.approval_id, { option_id: option.option_id }, option.name || option.option_id));
          return button;
        }) : []));
      }
    });
    $('approvals-empty').hidden = approvals.length > 0;
    // A link to one approval (/sessions/ID/approvals/AID) brings it into view once.
    if (view.approvalId && view.focusedApproval !== view.approvalId) {
      const row = [...$('approvals').children].find((node) => node.dataset.key === view.approvalId);
      if (row) {
        view.focusedApproval = view.approvalId;
        row.scrollIntoView({ block: 'center' });
        (row.querySelector('button') || row).focus({ preventScroll: true });
      } else if (view.data) {
        say('session-status', `Approval ${view.approvalId} has not reached the devplane yet.`);
      }
    }
  }

  async function decide(view, approvalId, body, label) {
    say('session-status', `Sending “${label}”…`);
    try {
      await api('POST', `/v1/sessions/${encodeURIComponent(view.id)}/approvals/${encodeURIComponent(approvalId)}`, body);
      say('session-status', `“${label}” sent to the Runner.`, 'ok');
    } catch (error) {
      say('session-status', `Could not send the decision: ${describe(error)}`, 'error');
    }
    restartEvents();
  }

  function renderSettlement(settlement) {
    $('settlement').hidden = !settlement;
    if (!settlement) return;
    setText('settle-outcome', settlement.outcome ?? '');
    setText('settle-reason', settlement.reason ?? '—');
    setText('settle-exit', settlement.exit_code === null || settlement.exit_code === undefined ? '—' : String(settlement.exit_code));
    setText('settle-by', settlement.settled_by ?? '');
    setText('settle-seq', String(settlement.final_seq ?? ''));
    setText('settle-at', settlement.settled_at ? clock(settlement.settled_at) : '');
    $('settle-at').title = settlement.settled_at ? new Date(settlement.settled_at).toLocaleString() : '';
    $('settle-outcome').className = `outcome ${sessionState({ settlement })[1]}`;
  }

  function updateSessionControls() {
    const view = state.view;
    if (!view) return;
    const settled = view.data ? view.data.status === 'settled' : false;
    const entry = state.sessions.get(view.id);
    setText('session-title', (entry && entry.title) || 'Session');
    const acp = entry ? String(entry.driver || '').startsWith('checkfu:acp') : false;
    $('cancel-session').hidden = settled;
    $('cancel-session').disabled = Boolean(view.data && view.data.cancel_requested);
    $('close-session').hidden = settled || !acp;
    $('prompt-form').hidden = settled || !acp;
    $('session-actions').hidden = settled;
  }

  async function sessionAction(action, label, confirmText) {
    const view = state.view;
    if (!view) return;
    if (confirmText && !window.confirm(confirmText)) return;
    say('session-status', `${label}…`);
    try {
      await api('POST', `/v1/sessions/${encodeURIComponent(view.id)}/${action}`);
      say('session-status', `${label}: sent.`, 'ok');
    } catch (error) {
      say('session-status', `${label} failed: ${describe(error)}`, 'error');
    }
    restartEvents();
  }

  async function sendPrompt(event) {
    event.preventDefault();
    const view = state.view;
    const text = $('prompt-text').value;
    if (!view || !text.trim()) return;
    try {
      await api('POST', `/v1/sessions/${encodeURIComponent(view.id)}/prompt`, { prompt: [{ type: 'text', text }] });
      $('prompt-text').value = '';
      say('session-status', 'Prompt sent.', 'ok');
    } catch (error) {
      say('session-status', `Could not send the prompt: ${describe(error)}`, 'error');
    }
    restartEvents();
  }

  // "3 s ago" stays true between refreshes.
  function tickClocks() {
    for (const node of document.querySelectorAll('.runner-seen[data-time]')) {
      node.textContent = `last heartbeat ${ago(node.dataset.time)}`;
    }
  }

  function start() {
    $('sign-in-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const key = $('admin-key').value.trim();
      if (key) signIn(key);
    });
    $('sign-out').addEventListener('click', () => signOut('The admin key was forgotten. Enter it again to go on.'));
    $('pair-form').addEventListener('submit', mintCode);
    $('pair-copy').addEventListener('click', copyCode);
    $('preset').addEventListener('change', renderPresetParams);
    $('new-session').addEventListener('submit', createSession);
    $('cancel-session').addEventListener('click', () => sessionAction('cancel', 'Cancelling the Session',
      'Cancel this Session? The Runner stops its run.'));
    $('close-session').addEventListener('click', () => sessionAction('close', 'Closing the Session'));
    $('prompt-form').addEventListener('submit', sendPrompt);
    $('continue-session').addEventListener('click', continueSession);
    window.addEventListener('popstate', route);
    document.addEventListener('visibilitychange', () => {
      if (!document.hidden && state.key) refreshOverview();
    });
    setInterval(tickClocks, 1000);
    if (state.key) signIn(state.key);
    else signOut('');
  }

  start();
})();
