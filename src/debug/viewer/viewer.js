// The trace viewer's page script (inlined into the page by viewer.ts; plain browser JavaScript, no
// modules, nothing fetched). It reads the trace once, works out the state at every step (which
// state each actor is in, where the board, the battle and the latest rule event are), and then each
// step only changes what differs from the step before: a thousand events scrub as fast as ten.
(() => {
  const data = JSON.parse(document.getElementById('trace-data').textContent);
  const records = data.records;
  const count = records.length;
  const $ = (selector) => document.querySelector(selector);

  // ── The state at every step, worked out once ───────────────────────────────────────────────────

  /** session → { name, machine, parent } */
  const actors = new Map();
  /**
   * Per step: the actors as the charts show them, by name (`game`, `hologram:doctor`, `battle`,
   * `window`): { session, machine, value, status }. A name that comes again (each battle, each
   * window) shows its newest actor. Shared between steps until something changes.
   */
  const actorsAt = new Array(count);
  /** Per step: a number that changes whenever actorsAt does (cheap to compare); and for holograms only. */
  const actorsVersion = new Int32Array(count);
  const hologramsVersion = new Int32Array(count);
  /** Per step: index of the newest record of each kind (-1: none yet). */
  const boardAt = new Int32Array(count);
  const gameAt = new Int32Array(count);
  const battleAt = new Int32Array(count);
  const windowAt = new Int32Array(count);
  const ruleAt = new Int32Array(count);
  const ruleSteps = [];

  (function precompute() {
    let shown = {};
    let version = 0;
    let holograms = 0;
    let board = -1;
    let game = -1;
    let battle = -1;
    let responseWindow = -1;
    let rule = -1;
    const set = (name, entry) => {
      shown = { ...shown, [name]: entry };
      version++;
      if (entry.machine === 'hologram') holograms++;
    };
    for (let i = 0; i < count; i++) {
      const record = records[i];
      switch (record.type) {
        case 'actor':
          actors.set(record.session, { name: record.actor, machine: record.machine, parent: record.parent });
          set(record.actor, {
            session: record.session,
            machine: record.machine,
            value: null,
            status: 'active',
          });
          break;
        case 'microstep':
        case 'snapshot': {
          const machine = actors.get(record.session)?.machine ?? 'actor';
          const before = shown[record.actor];
          const status = record.status ?? before?.status ?? 'active';
          if (!before || before.session !== record.session) {
            set(record.actor, { session: record.session, machine, value: record.value, status });
          } else if (valueKey(before.value) !== valueKey(record.value) || before.status !== status) {
            set(record.actor, { ...before, value: record.value, status });
          }
          // Microsteps carry the context too: the board and the battle as they are after each one.
          if (machine === 'game') {
            game = i;
            if (record.context?.board) board = i;
          } else if (machine === 'battle') {
            battle = i;
            // The battle's response window is a step of the battle (its context's window), not an
            // actor: the window chart shows it open while the battle has one, closed after.
            const open = record.context?.window ? 'open' : 'closed';
            const shownWindow = shown.window;
            if (open === 'open') responseWindow = i;
            if (
              (open === 'open' || shownWindow) &&
              (shownWindow?.session !== record.session || shownWindow.value !== open)
            ) {
              set('window', {
                session: record.session,
                machine: 'responseWindow',
                value: open,
                status: open === 'open' ? 'active' : 'done',
              });
            }
          } else if (machine === 'responseWindow') responseWindow = i;
          break;
        }
        case 'rule':
        case 'rejected':
          rule = i;
          ruleSteps.push(i);
          break;
      }
      actorsAt[i] = shown;
      actorsVersion[i] = version;
      hologramsVersion[i] = holograms;
      boardAt[i] = board;
      gameAt[i] = game;
      battleAt[i] = battle;
      windowAt[i] = responseWindow;
      ruleAt[i] = rule;
    }
  })();

  function valueKey(value) {
    return typeof value === 'string' ? value : JSON.stringify(value);
  }

  /** The paths of the states a value is in: 'engaged' → ['engaged']; { a: 'b' } → ['a', 'a.b']. */
  function activePaths(value, prefix = '') {
    if (value === null || value === undefined) return [];
    if (typeof value === 'string') return [prefix + value];
    const paths = [];
    for (const [key, child] of Object.entries(value)) {
      paths.push(prefix + key, ...activePaths(child, `${prefix}${key}.`));
    }
    return paths;
  }

  // ── Words ───────────────────────────────────────────────────────────────────────────────────────

  const escapeHtml = (text) =>
    String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  const nameOf = (session) => (session ? (actors.get(session)?.name ?? session) : 'outside');
  const shortName = (name) => (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name);
  const keyOf = (id) => id.slice(id.indexOf('.') + 1);
  const valueText = (value) =>
    typeof value === 'string' ? value : value == null ? '–' : activePaths(value).pop() || '–';

  /** A rule event's message names its clause first; where the clause is shown beside it, once is enough. */
  const withoutClause = (record) =>
    record.message.startsWith(`${record.clause}: `)
      ? record.message.slice(record.clause.length + 2)
      : record.message;

  /** One line about a record, for the timeline and the header of the step. */
  function describe(record) {
    switch (record.type) {
      case 'actor':
        return `${record.actor} starts (${record.machine})`;
      case 'event': {
        const event = record.event;
        const who = event.player ? ` ${event.player}` : '';
        return `${record.actor} ← ${nameOf(record.source)}: ${event.type}${who}`;
      }
      case 'microstep': {
        const moves = record.transitions.map((t) =>
          t.to.length > 0
            ? `${keyOf(t.from)} → ${t.to.map(keyOf).join(', ')}`
            : `${record.event} in ${keyOf(t.from)}`,
        );
        return `${record.actor}: ${moves.join('; ') || record.event}`;
      }
      case 'snapshot':
        return `${record.actor} is ${valueText(record.value)}${record.status === 'active' ? '' : ` (${record.status})`}`;
      case 'rule':
        return withoutClause(record);
      case 'rejected':
        return `refused: ${withoutClause(record)}`;
      case 'accepted':
        return `step ${record.step}: ${record.command?.type ?? 'command'} by ${record.command?.player ?? '?'} carried out`;
      default:
        return record.type;
    }
  }

  // ── The page ────────────────────────────────────────────────────────────────────────────────────

  const scrub = $('#scrub');
  const position = $('#position');
  const timeline = $('#timeline ol');
  scrub.max = String(Math.max(0, count - 1));

  timeline.innerHTML = records
    .map(
      (record, i) =>
        `<li data-i="${i}" class="t-${escapeHtml(record.type)}"><span class="seq">${escapeHtml(record.seq)}</span>` +
        `<span class="type">${escapeHtml(record.type === 'rule' || record.type === 'rejected' ? record.clause : record.type)}</span>` +
        `<span class="what">${escapeHtml(describe(record))}</span></li>`,
    )
    .join('');
  const rows = timeline.children;

  /** Per chart: its figure, and its states by path. */
  const charts = new Map();
  for (const figure of document.querySelectorAll('figure.chart')) {
    const states = new Map();
    for (const g of figure.querySelectorAll('g.state')) states.set(g.dataset.path, g);
    charts.set(figure.dataset.machine, { figure, states, lit: new Map() });
  }

  let step = -1;
  let shownActors = -1;
  let shownBoard = '';
  let shownBattle = '';
  let shownRule = -2;
  let litTransitions = [];
  let currentFigure = null;

  function go(target) {
    const next = Math.max(0, Math.min(count - 1, target));
    if (next === step || count === 0) return;
    rows[step]?.classList.remove('current');
    step = next;
    const row = rows[step];
    row.classList.add('current');
    follow(row, 'timeline');
    scrub.value = String(step);
    position.textContent = `${step + 1} / ${count}`;
    const record = records[step];
    renderCharts(record);
    renderNow(record);
    renderClause();
    renderTable();
    renderRecord(record);
  }

  function renderCharts(record) {
    if (actorsVersion[step] !== shownActors) {
      shownActors = actorsVersion[step];
      const wanted = new Map(); // machine → path → [names, allDone]
      // An actor done (final state) or stopped stays lit where it ended, drawn as finished.
      for (const [name, actor] of Object.entries(actorsAt[step])) {
        if (!wanted.has(actor.machine)) wanted.set(actor.machine, new Map());
        const paths = wanted.get(actor.machine);
        for (const path of activePaths(actor.value)) {
          const entry = paths.get(path) ?? { names: [], done: true };
          entry.names.push(shortName(name));
          entry.done &&= actor.status !== 'active';
          paths.set(path, entry);
        }
      }
      for (const [machine, chart] of charts) {
        const paths = wanted.get(machine) ?? new Map();
        for (const [path, g] of chart.lit) {
          if (paths.has(path)) continue;
          g.classList.remove('lit', 'done');
          g.querySelector('.who').textContent = '';
          chart.lit.delete(path);
        }
        const names = [];
        for (const [path, entry] of paths) {
          const g = chart.states.get(path);
          names.push(...entry.names);
          if (!g) continue;
          g.classList.add('lit');
          g.classList.toggle('done', entry.done);
          g.querySelector('.who').textContent = entry.names.join(', ');
          chart.lit.set(path, g);
        }
        chart.figure.querySelector('.actors').textContent = names.length > 0 ? ` · ${names.join(', ')}` : '';
      }
    }

    for (const element of litTransitions) element.classList.remove('taken');
    litTransitions = [];
    // The engine's own records (rule, rejected, accepted) come from the game actor; a rule event shows
    // the statechart its clause is about (the battle's for BATTLE-*, a hologram's for HOLO-*).
    const about = record.session ? { session: record.session, name: record.actor } : actorOfClause(record);
    if (!about) return;
    const chart = charts.get(actors.get(about.session)?.machine);
    if (currentFigure !== chart?.figure) {
      currentFigure?.classList.remove('current');
      currentFigure = chart?.figure ?? null;
      currentFigure?.classList.add('current');
    }
    if (record.type === 'microstep' && chart) {
      for (const t of record.transitions) {
        const selector =
          t.to.length > 0
            ? t.to.map(
                (to) =>
                  `g.transition[data-from="${CSS.escape(t.from)}"][data-to="${CSS.escape(to)}"][data-event="${CSS.escape(t.event)}"]`,
              )
            : [
                `g.state[data-state="${CSS.escape(t.from)}"] > text.line[data-event="${CSS.escape(t.event)}"]`,
              ];
        for (const element of chart.figure.querySelectorAll(selector.join(','))) {
          element.classList.add('taken');
          litTransitions.push(element);
        }
      }
    }
    // Follow the actor: its lit state in view.
    const actor = actorsAt[step][about.name];
    const lit = chart && actor ? chart.states.get(activePaths(actor.value).pop()) : null;
    follow(lit ?? chart?.figure, 'charts');
  }

  /** The actor a rule event's clause is about: the battle (BATTLE-*), or the hologram it names (HOLO-*). */
  function actorOfClause(record) {
    if (typeof record.clause !== 'string') return null;
    const name = record.clause.startsWith('BATTLE-')
      ? 'battle'
      : record.clause.startsWith('HOLO-') && typeof record.hologram === 'string'
        ? `hologram:${record.hologram}`
        : null;
    const actor = name ? actorsAt[step][name] : null;
    return actor ? { session: actor.session, name } : null;
  }

  // Scrolling asks the browser to lay the page out there and then: done for every step, that would
  // cost more than the step itself. So the row and the chart to show are noted, and scrolled to once
  // per frame, however many steps were taken in it.
  const following = {};
  let followPending = false;
  function follow(element, column) {
    if (!element) return;
    following[column] = element;
    if (followPending) return;
    followPending = true;
    requestAnimationFrame(() => {
      followPending = false;
      // The timeline moves a row at a time; a chart is centred on the lit state, with what leads to it.
      for (const [key, target] of Object.entries(following)) {
        target.scrollIntoView({ block: key === 'charts' ? 'center' : 'nearest' });
        delete following[key];
      }
    });
  }

  const now = {
    step: $('#now .step'),
    seq: $('#now .seq'),
    actor: $('#now .actor'),
    what: $('#now .summary'),
  };
  function renderNow(record) {
    now.step.textContent = `step ${step + 1}`;
    now.seq.textContent = `#${record.seq} · ${record.type}`;
    now.actor.textContent = record.actor ?? '';
    now.what.textContent =
      record.type === 'rule' || record.type === 'rejected' ? record.message : describe(record);
  }

  function renderClause() {
    const at = ruleAt[step];
    if (at === shownRule) return;
    shownRule = at;
    const section = $('#clause');
    if (at < 0) {
      section.innerHTML = '<h2>clause</h2><p class="none">no rule event yet</p>';
      return;
    }
    const rule = records[at];
    const clause = data.clauses[rule.clause];
    const when = at === step ? 'this step' : `the latest rule event, #${rule.seq}`;
    const kind = rule.type === 'rejected' ? `refused (${rule.code})` : rule.kind;
    section.innerHTML =
      `<h2>clause <small>${escapeHtml(when)}</small></h2>` +
      `<p class="clause-id ${escapeHtml(rule.type)}">${escapeHtml(rule.clause)} <small>${escapeHtml(kind)}` +
      `${clause ? ` · ${clause.source === 'spec' ? 'specification' : 'engine'}` : ''}</small></p>` +
      `<blockquote class="clause-text">${escapeHtml(clause ? clause.text : '(no text for this clause)')}</blockquote>` +
      `<p class="message">${escapeHtml(rule.message)}</p>`;
    section.classList.toggle('stale', at !== step);
  }

  // ── The board and the battle ────────────────────────────────────────────────────────────────────

  // The board and the battle are drawn again only when what they show changed: the board, the
  // holograms' states, the battle's pairing (a card engaged is marked), the game's step.
  function renderTable() {
    const battle = battleView();
    const battleKey = `${battleAt[step]}/${windowAt[step]}/${battle?.window ? 'open' : 'closed'}`;
    if (battleKey !== shownBattle) {
      shownBattle = battleKey;
      $('#battle').innerHTML = battle ? battleHtml(battle, board()) : '';
    }
    const pairing =
      battle && !battle.over
        ? `${battle.data.pairing?.number}/${battle.data.participants?.attacker?.length}/${battle.data.participants?.defender?.length}`
        : '-';
    const gameStep = gameAt[step] >= 0 ? records[gameAt[step]].context?.step : '';
    const boardKey = `${boardAt[step]}/${hologramsVersion[step]}/${pairing}/${gameStep}`;
    if (boardKey === shownBoard) return;
    shownBoard = boardKey;
    const holograms = {};
    for (const [name, actor] of Object.entries(actorsAt[step])) {
      if (actor.machine === 'hologram') holograms[shortName(name)] = valueText(actor.value);
    }
    $('#board').innerHTML = board()
      ? boardHtml(board(), holograms, battle)
      : '<h2>board</h2><p class="none">no board yet</p>';
  }

  const board = () => (boardAt[step] >= 0 ? records[boardAt[step]].context.board : null);

  /** The battle at this step: the newest battle actor's data, its step, and its open window. */
  function battleView() {
    const at = battleAt[step];
    if (at < 0) return null;
    const record = records[at];
    const actor = actorsAt[step][record.actor];
    // The open window is the battle's own (its context's `window`).
    const windowOpen = record.context?.window ?? null;
    return {
      data: record.context,
      step: valueText(actor?.value ?? record.value),
      over: actor?.status === 'done',
      window: windowOpen,
    };
  }

  function label(board, id) {
    const card = board?.cards[id];
    return card
      ? `${escapeHtml(card.card)} <span class="id">[${escapeHtml(id)}]</span>`
      : `<span class="id">[${escapeHtml(id)}]</span>`;
  }

  function battleHtml(battle, board) {
    const { data: b } = battle;
    const pile = (side) => b.piles?.[side]?.length ?? 0;
    const parts = [
      `<h2>battle <small>${escapeHtml(battle.step)}${battle.over ? ' (over)' : ''}</small></h2>`,
      `<p>${escapeHtml(b.attacker)} attacks ${escapeHtml(b.defender)}</p>`,
      `<p class="piles">combat piles: <b data-pile="attacker">${pile('attacker')}</b> (${escapeHtml(b.attacker)}) · ` +
        `<b data-pile="defender">${pile('defender')}</b> (${escapeHtml(b.defender)}) face down` +
        `${b.faceUp?.length ? `; face up: ${b.faceUp.map((id) => label(board, id)).join(', ')}` : ''}</p>`,
    ];
    if (b.pairing)
      parts.push(
        `<p class="pairing">pairing ${escapeHtml(b.pairing.number)}: ${label(board, b.pairing.attacker)} ⚔ ${label(board, b.pairing.defender)}</p>`,
      );
    if (battle.window)
      parts.push(
        `<p class="window">${escapeHtml(battle.window.kind)} window open: ${escapeHtml(battle.window.priority)} may respond ` +
          `(${escapeHtml(battle.window.passes)} pass${battle.window.passes === 1 ? '' : 'es'})</p>`,
      );
    if (b.pairings?.length) {
      parts.push('<ol class="pairings">');
      for (const p of b.pairings) {
        const outcome =
          p.outcome === 'none' ? 'no one struck' : `${escapeHtml(p.outcome)} by ${label(board, p.by)}`;
        parts.push(
          `<li>${label(board, p.attacker)} ⚔ ${label(board, p.defender)}: ${outcome} <span class="clause-ref">${escapeHtml(p.clause)}</span></li>`,
        );
      }
      parts.push('</ol>');
    }
    if (b.totals)
      parts.push(
        `<p>totals: ${escapeHtml(b.attacker)} ${escapeHtml(b.totals.attacker)}, ${escapeHtml(b.defender)} ${escapeHtml(b.totals.defender)}</p>`,
      );
    if (b.totals)
      parts.push(
        `<p>winner: ${b.winner ? escapeHtml(b.winner) : 'none (a tie)'}; killed: ${b.killed ? label(board, b.killed) : 'no one'}</p>`,
      );
    return parts.join('');
  }

  const STATUS_WORDS = [
    ['stopped', 'stopped'],
    ['disabled', 'disabled'],
    ['stunned', 'stunned'],
    ['mortallyWounded', 'mortally wounded'],
  ];

  function zoneOf(board, card) {
    const at = card.at;
    const name = (id) =>
      board.cards[id] ? `${board.cards[id].card} [${id}]` : (board.locations[id]?.name ?? id);
    switch (at.in) {
      case 'hand':
        return `${card.owner}'s hand`;
      case 'space':
        return `in space at ${name(at.location)}`;
      case 'aboard':
        return `aboard ${name(at.host)}`;
      case 'planet':
        return `on the planet ${name(at.location)}`;
      case 'worn':
        return `worn by ${name(at.by)}`;
      case 'played-on':
        return `played on ${name(at.target)}`;
      case 'table':
        return `${card.owner}'s table`;
      case 'captured':
        return `captive of ${at.by}${at.host ? ` aboard ${name(at.host)}` : ` at ${name(at.location)}`}`;
      case 'held':
        return `held by ${name(at.by)}`;
      case 'discard':
        return `${card.owner}'s discard pile`;
      default:
        return at.in;
    }
  }

  function boardHtml(board, holograms, battle) {
    const zones = new Map();
    const cards = Object.values(board.cards).sort((a, b) =>
      a.at.in === 'discard' && b.at.in === 'discard' ? a.at.order - b.at.order : 0,
    );
    for (const card of cards) {
      const zone = zoneOf(board, card);
      if (!zones.has(zone)) zones.set(zone, []);
      zones.get(zone).push(card);
    }
    const side = (id) =>
      battle && !battle.over
        ? battle.data.participants?.attacker?.includes(id)
          ? 'attacker'
          : battle.data.participants?.defender?.includes(id)
            ? 'defender'
            : null
        : null;
    const turn = board.turn;
    const game = gameAt[step] >= 0 ? records[gameAt[step]].context : null;
    const parts = [
      `<h2>board <small>turn ${escapeHtml(turn.number)} (${escapeHtml(turn.player)})${game ? ` · step ${escapeHtml(game.step)}` : ''}</small></h2>`,
    ];
    for (const [zone, members] of zones) {
      parts.push(`<div class="zone"><h3>${escapeHtml(zone)}</h3><ul>`);
      for (const card of members) {
        const badges = [];
        const hologram = holograms[card.id];
        if (hologram)
          badges.push(`<span class="badge hologram ${escapeHtml(hologram)}">${escapeHtml(hologram)}</span>`);
        for (const [key, words] of STATUS_WORDS) {
          if (card.status[key]) badges.push(`<span class="badge status ${key}">${words}</span>`);
        }
        if (card.status.inStasisUntilEndOfTurn !== null)
          badges.push(
            `<span class="badge status stasis">in stasis to turn ${escapeHtml(card.status.inStasisUntilEndOfTurn)}</span>`,
          );
        const role = side(card.id);
        if (role) badges.push(`<span class="badge side ${role}">${role}</span>`);
        const engaged =
          battle?.data.pairing &&
          [battle.data.pairing.attacker, battle.data.pairing.defender].includes(card.id);
        parts.push(
          `<li class="card${engaged ? ' engaged' : ''}" data-card="${escapeHtml(card.id)}">` +
            `<span class="card-name">${escapeHtml(card.card)}</span> <span class="id">[${escapeHtml(card.id)}]</span> ` +
            `<span class="owner">${escapeHtml(card.owner)}</span> ${badges.join(' ')}</li>`,
        );
      }
      parts.push('</ul></div>');
    }
    return parts.join('');
  }

  function renderRecord(record) {
    const pre = $('#record pre');
    if (!$('#record').open) {
      pre.textContent = '';
      return;
    }
    const shown = record.context?.board
      ? { ...record, context: { ...record.context, board: '(the board, shown above)' } }
      : record;
    pre.textContent = JSON.stringify(shown, null, 2);
  }

  // ── Controls ────────────────────────────────────────────────────────────────────────────────────

  let playing = null;
  const playButton = $('[data-go="play"]');
  function play(on) {
    if (!on || playing) {
      clearInterval(playing);
      playing = null;
      playButton.textContent = 'play';
      return;
    }
    playButton.textContent = 'pause';
    playing = setInterval(() => (step >= count - 1 ? play(false) : go(step + 1)), 150);
  }

  const nextRule = () => ruleSteps.find((i) => i > step) ?? step;
  const previousRule = () => ruleSteps.findLast((i) => i < step) ?? step;
  const actions = {
    first: () => go(0),
    previous: () => go(step - 1),
    next: () => go(step + 1),
    last: () => go(count - 1),
    'next-rule': () => go(nextRule()),
    'previous-rule': () => go(previousRule()),
    play: () => play(!playing),
  };
  for (const button of document.querySelectorAll('[data-go]')) {
    button.addEventListener('click', () => actions[button.dataset.go]());
  }
  scrub.addEventListener('input', () => go(Number(scrub.value)));
  timeline.addEventListener('click', (event) => {
    const row = event.target.closest('li[data-i]');
    if (row) go(Number(row.dataset.i));
  });
  $('#record').addEventListener('toggle', () => renderRecord(records[step]));
  document.addEventListener('keydown', (event) => {
    if (event.target === scrub || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.shiftKey ? `Shift+${event.key}` : event.key;
    const action = {
      ArrowRight: 'next',
      ArrowLeft: 'previous',
      'Shift+ArrowRight': 'next-rule',
      'Shift+ArrowLeft': 'previous-rule',
      Home: 'first',
      End: 'last',
      ' ': 'play',
    }[key];
    if (!action) return;
    event.preventDefault();
    actions[action]();
  });

  go(0);
})();
