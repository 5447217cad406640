// app.js - the play page: a grid over nonet's WebAssembly build
// (nonet-bundle.js sets window.nonetLib). Static, offline, file:// safe.
//
// State: the puzzle (its nonet-format text and parse() record), the
// player's digits, corner and centre marks (bit d-1 for digit d), an undo
// and a redo stack of snapshots, the time spent. The share link (URL hash)
// carries the puzzle text and all of that.
'use strict';

(async function main() {
  const $ = (id) => document.getElementById(id);
  const SYMBOLS = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  // The named bands of `nonet generate --difficulty` (ER; 0: no top).
  const CAPTIONS = {
    x: 'Diagonals: each marked diagonal holds every digit once.',
    hyper: 'Windows: each shaded window holds every digit once.',
    disjoint: 'Disjoint: the cells with their dot in one place hold every digit once.',
    'anti-knight': "Anti-knight: cells a knight's move apart differ.",
    'anti-king': 'Anti-king: diagonally touching cells differ.',
    'non-consecutive': 'Non-consecutive: adjacent cells are never consecutive numbers.',
  };

  const nonet = await window.nonetLib.createNonet();
  window.nonet = nonet; // for the browser tests and the curious
  // The difficulty bands, name -> [min, max] (ER; max 0: no top), as the library names them.
  const BANDS = Object.fromEntries(nonet.difficulties().map((b) => [b.name, [b.min, b.max]]));

  let P = null; // parse() record of the puzzle, plus .text
  let values = [], corner = [], centre = [];
  let undoStack = [], redoStack = [];
  let sel = 0, mode = 'digit';
  let elapsed = 0, startedAt = Date.now(), solvedAt = 0;
  let pendingStep = null; // the step shown by the last hint, for "Apply step"
  let shown = null; // { cells, extra, places, elims, pattern } highlighted on the grid

  // ---- messages -------------------------------------------------------
  function say(text, bad) {
    $('message').textContent = text;
    $('message').className = bad ? 'bad' : '';
  }
  const rc = (cell) => `r${Math.floor(cell / P.size) + 1}c${(cell % P.size) + 1}`;
  const cellOf = ([r, c]) => (r - 1) * P.size + (c - 1);

  // ---- puzzle loading ---------------------------------------------------
  function load(text, extra = {}) {
    const recs = nonet.parse(text);
    const rec = recs[0];
    if (!rec || rec.error) {
      say(rec ? rec.error : 'The text holds no puzzle.', true);
      return false;
    }
    P = rec;
    P.text = rec.nonet;
    const cells = P.size * P.size;
    values = P.cells.slice();
    corner = new Array(cells).fill(0);
    centre = rec.candidates ? rec.candidates.map((m, i) => (P.cells[i] ? 0 : m)) : new Array(cells).fill(0);
    undoStack = [];
    redoStack = [];
    sel = P.cells.findIndex((v) => !v);
    if (sel < 0) sel = 0;
    elapsed = 0;
    startedAt = Date.now();
    solvedAt = 0;
    $('rating').textContent = extra.er != null ? `ER ${extra.er.toFixed(1)}${extra.difficulty ? ` (${extra.difficulty})` : ''}` : 'ER …';
    P.er = extra.er;
    $('steps').innerHTML = '';
    clearShown();
    build();
    render();
    if (extra.er == null) setTimeout(rateNow, 0);
    return true;
  }

  function rateNow() {
    const [r] = nonet.rate(P.text);
    P.er = r && r.status === 'rated' ? r.er : null;
    $('rating').textContent = P.er != null ? `ER ${P.er.toFixed(1)}` : `ER – (${r ? r.status : '?'})`;
  }

  // ---- drawing ----------------------------------------------------------
  function build() {
    const n = P.size;
    const board = $('board');
    board.innerHTML = '';
    board.style.setProperty('--n', n);
    board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    board.style.gridTemplateRows = `repeat(${n}, 1fr)`;
    const hyper = new Set();
    for (const h of P.houses) if (h.name[0] === 'w') h.cells.forEach((c) => hyper.add(c));
    const disjoint = P.variants.includes('disjoint');
    for (let c = 0; c < n * n; c++) {
      const r = Math.floor(c / n), col = c % n;
      const d = document.createElement('div');
      d.className = 'cell';
      d.dataset.cell = c;
      d.setAttribute('role', 'gridcell');
      if (col < n - 1 && P.regions[c] !== P.regions[c + 1]) d.classList.add('br');
      if (r < n - 1 && P.regions[c] !== P.regions[c + n]) d.classList.add('bb');
      if (col === n - 1) d.classList.add('last-col');
      if (r === n - 1) d.classList.add('last-row');
      if (hyper.has(c)) d.classList.add('shade');
      if (disjoint && P.box[0]) {
        const dot = document.createElement('i');
        dot.className = 'dot';
        const pr = r % P.box[0], pc = col % P.box[1];
        dot.style.top = `${6 + (pr * 76) / Math.max(1, P.box[0] - 1)}%`;
        dot.style.left = `${6 + (pc * 76) / Math.max(1, P.box[1] - 1)}%`;
        d.appendChild(dot);
      }
      d.addEventListener('pointerdown', (e) => {
        e.preventDefault();
        sel = c;
        board.focus();
        render();
      });
      board.appendChild(d);
    }
    if (P.variants.includes('x')) {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.id = 'overlay';
      svg.setAttribute('viewBox', '0 0 100 100');
      svg.setAttribute('preserveAspectRatio', 'none');
      svg.innerHTML = '<line x1="0" y1="0" x2="100" y2="100" stroke="#9e9e9e" stroke-width="0.6"/>' +
        '<line x1="100" y1="0" x2="0" y2="100" stroke="#9e9e9e" stroke-width="0.6"/>';
      board.appendChild(svg);
    }
    $('caption').textContent = P.variants.map((v) => CAPTIONS[v] || v).join(' ') ||
      (P.box[0] ? '' : 'Jigsaw: each thick-bordered region holds every digit once.');
    const pad = $('pad');
    pad.innerHTML = '';
    for (let d = 1; d <= n; d++) {
      const b = document.createElement('button');
      b.textContent = SYMBOLS[d - 1];
      b.dataset.digit = d;
      b.addEventListener('click', () => enter(d));
      pad.appendChild(b);
    }
    const erase = document.createElement('button');
    erase.textContent = 'Erase';
    erase.id = 'erase';
    erase.addEventListener('click', () => clearCell());
    pad.appendChild(erase);
  }

  function peersOf(c) {
    const s = new Set();
    for (const h of P.houses) if (h.cells.includes(c)) h.cells.forEach((x) => s.add(x));
    s.delete(c);
    return s;
  }

  // Cells whose digit breaks a rule with another digit on the grid.
  function conflicts() {
    const n = P.size, bad = new Set();
    for (const h of P.houses) {
      const seen = new Map();
      for (const c of h.cells) {
        const v = values[c];
        if (!v) continue;
        if (seen.has(v)) { bad.add(c); bad.add(seen.get(v)); } else seen.set(v, c);
      }
    }
    const at = (r, c) => (r >= 0 && c >= 0 && r < n && c < n ? r * n + c : -1);
    const pairs = [];
    if (P.variants.includes('anti-knight')) pairs.push([[1, 2], [2, 1], [1, -2], [2, -1]], 'eq');
    if (P.variants.includes('anti-king')) pairs.push([[1, 1], [1, -1]], 'eq');
    if (P.variants.includes('non-consecutive')) pairs.push([[0, 1], [1, 0]], 'step');
    for (let i = 0; i < pairs.length; i += 2)
      for (let c = 0; c < n * n; c++) {
        if (!values[c]) continue;
        for (const [dr, dc] of pairs[i]) {
          const o = at(Math.floor(c / n) + dr, (c % n) + dc);
          if (o < 0 || !values[o]) continue;
          const clash = pairs[i + 1] === 'eq' ? values[o] === values[c] : Math.abs(values[o] - values[c]) === 1;
          if (clash) { bad.add(c); bad.add(o); }
        }
      }
    return bad;
  }

  function render() {
    const n = P.size;
    const bad = conflicts();
    const peers = peersOf(sel);
    const selDigit = values[sel];
    const cols = n <= 4 ? 2 : n <= 9 ? 3 : 4;
    const cells = $('board').querySelectorAll('.cell');
    for (const d of cells) {
      const c = +d.dataset.cell;
      d.classList.toggle('sel', c === sel);
      d.classList.toggle('peer', peers.has(c));
      d.classList.toggle('same', !!selDigit && values[c] === selDigit && c !== sel);
      d.classList.toggle('given', !!P.cells[c]);
      d.classList.toggle('player', !P.cells[c] && !!values[c]);
      d.classList.toggle('conflict', bad.has(c));
      d.classList.toggle('hint-cell', !!shown && shown.cells.has(c));
      d.classList.toggle('hint-extra', !!shown && shown.extra.has(c) && !shown.cells.has(c));
      d.classList.toggle('mistake', !!shown && shown.mistake === c);
      d.setAttribute('aria-selected', c === sel ? 'true' : 'false');
      for (const old of d.querySelectorAll('.v, .corner, .centre, .cands')) old.remove();
      if (values[c]) {
        const v = document.createElement('span');
        v.className = 'v';
        v.textContent = SYMBOLS[values[c] - 1];
        d.appendChild(v);
      } else if (shown && shown.marks && (shown.marks.has(c))) {
        // the step's own candidates: the player's centre marks or every candidate left
        const g = document.createElement('div');
        g.className = 'cands';
        g.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
        const mask = shown.candidates[c];
        for (let k = 1; k <= n; k++) {
          const s = document.createElement('span');
          if (mask >> (k - 1) & 1) s.textContent = SYMBOLS[k - 1];
          const key = `${c}:${k}`;
          if (shown.elims.has(key)) s.className = 'elim';
          else if (shown.places.has(key)) s.className = 'place';
          else if (shown.digits.has(k) && shown.cells.has(c) && mask >> (k - 1) & 1) s.className = 'pat';
          s.dataset.digit = k;
          g.appendChild(s);
        }
        d.appendChild(g);
      } else {
        if (corner[c]) {
          const g = document.createElement('div');
          g.className = 'corner';
          for (let k = 1; k <= n; k++) if (corner[c] >> (k - 1) & 1) {
            const s = document.createElement('span');
            s.textContent = SYMBOLS[k - 1];
            g.appendChild(s);
          }
          d.appendChild(g);
        }
        if (centre[c]) {
          const g = document.createElement('div');
          g.className = 'centre';
          let t = '';
          for (let k = 1; k <= n; k++) if (centre[c] >> (k - 1) & 1) t += SYMBOLS[k - 1];
          g.textContent = t;
          d.appendChild(g);
        }
      }
    }
    for (const b of $('modes').querySelectorAll('[data-mode]')) {
      b.classList.toggle('on', b.dataset.mode === mode);
      b.setAttribute('aria-pressed', b.dataset.mode === mode ? 'true' : 'false');
    }
    $('undo').disabled = !undoStack.length;
    $('redo').disabled = !redoStack.length;
    $('apply').disabled = !pendingStep;
  }

  // ---- moves ------------------------------------------------------------
  const snapshot = () => ({ values: values.slice(), corner: corner.slice(), centre: centre.slice() });
  function restore(s) {
    values = s.values.slice();
    corner = s.corner.slice();
    centre = s.centre.slice();
  }
  function change(fn) {
    undoStack.push(snapshot());
    if (undoStack.length > 500) undoStack.shift();
    redoStack = [];
    fn();
    clearShown();
    render();
    afterMove();
  }
  function undo() {
    if (!undoStack.length) return;
    redoStack.push(snapshot());
    restore(undoStack.pop());
    clearShown();
    render();
    afterMove();
  }
  function redo() {
    if (!redoStack.length) return;
    undoStack.push(snapshot());
    restore(redoStack.pop());
    clearShown();
    render();
    afterMove();
  }

  function enter(d, how = mode) {
    if (P.cells[sel]) return;
    const bit = 1 << (d - 1);
    change(() => {
      if (how === 'digit') {
        values[sel] = values[sel] === d ? 0 : d;
        if (values[sel]) for (const p of peersOf(sel)) { corner[p] &= ~bit; centre[p] &= ~bit; }
      } else if (!values[sel]) {
        if (how === 'corner') corner[sel] ^= bit;
        else centre[sel] ^= bit;
      }
    });
  }
  function clearCell() {
    if (P.cells[sel]) return;
    change(() => {
      if (values[sel]) values[sel] = 0;
      else { corner[sel] = 0; centre[sel] = 0; }
    });
  }

  function afterMove() {
    if (values.every((v) => v) && !conflicts().size) {
      const r = nonet.checkProgress(P.text, values, null);
      if (r.status === 'solved') document.body.dataset.solved = '1';
      if (r.status === 'solved' && !solvedAt) {
        solvedAt = Date.now();
        elapsed += solvedAt - startedAt;
        say(`Solved in ${clock(elapsed)}!`);
        document.body.dataset.solved = '1';
      }
    } else {
      delete document.body.dataset.solved;
    }
    saveHash();
  }

  // ---- hints, check, explain -------------------------------------------
  function clearShown() {
    shown = null;
    pendingStep = null;
    for (const li of $('steps').querySelectorAll('li.on')) li.classList.remove('on');
  }

  // The masks the library reads: centre marks where the player set some.
  const stateMasks = () => centre.map((m, i) => (values[i] ? 0 : m));

  // Highlights a step: level 2 its pattern cells, level 3 also its moves.
  function show(step, level, candidates) {
    const cells = new Set(), extra = new Set(), places = new Set(), elims = new Set(), marks = new Set();
    const pat = step.pattern || { cells: [], extra: [], digits: [] };
    for (const x of pat.cells) cells.add(cellOf(x));
    for (const x of pat.extra) extra.add(cellOf(x));
    if (level >= 3) {
      for (const [r, c, d] of step.placements || []) { places.add(`${cellOf([r, c])}:${d}`); marks.add(cellOf([r, c])); }
      for (const [r, c, d] of step.eliminations || []) { elims.add(`${cellOf([r, c])}:${d}`); marks.add(cellOf([r, c])); }
      for (const c of cells) marks.add(c);
      for (const c of extra) marks.add(c);
    }
    for (const c of [...marks]) if (values[c]) marks.delete(c);
    shown = { cells, extra, places, elims, marks, digits: new Set(pat.digits), candidates };
    render();
  }

  // The candidates left in every cell after the player's state (as the explainer has them).
  function candidatesNow() {
    const n = P.size, full = (1 << n) - 1;
    return values.map((v, c) => {
      if (v) return 0;
      let m = centre[c] || full;
      for (const p of peersOf(c)) if (values[p]) m &= ~(1 << (values[p] - 1));
      return m;
    });
  }

  function describe(step, level) {
    if (level === 1) return `${step.name} (${step.rating.toFixed(1)})`;
    const where = (step.pattern.cells || []).map(cellOf).map(rc).join(' ');
    const houses = [...(step.pattern.base || []), ...(step.pattern.cover || [])].join(' ');
    const digits = (step.pattern.digits || []).join('');
    let t = `${step.name}: digit${digits.length > 1 ? 's' : ''} ${digits} in ${where}${houses ? ` (${houses})` : ''}`;
    if (level >= 3) {
      const moves = [
        ...(step.placements || []).map(([r, c, d]) => `r${r}c${c}=${SYMBOLS[d - 1]}`),
        ...(step.eliminations || []).map(([r, c, d]) => `r${r}c${c}<>${SYMBOLS[d - 1]}`),
      ];
      t += ` ⇒ ${moves.join(', ')}`;
    }
    return t;
  }

  function hint(level) {
    clearShown();
    const h = nonet.hintState(P.text, values, stateMasks(), level);
    if (h.status === 'mistake') {
      shown = { cells: new Set(), extra: new Set(), places: new Set(), elims: new Set(), mistake: cellOf(h.cell) };
      render();
      say(`Mistake: ${h.message}`, true);
      return;
    }
    if (h.status && h.status !== 'step') {
      say(h.status === 'solved' ? 'Solved already.' : `No hint: ${h.error || h.status}.`, h.status !== 'solved');
      render();
      return;
    }
    say(describe(h, level));
    if (level >= 2) show(h, level, candidatesNow());
    if (level >= 3) {
      pendingStep = h;
      render();
    }
  }

  function applyStep() {
    const st = pendingStep;
    if (!st) return;
    const masks = candidatesNow();
    change(() => {
      for (const [r, c, d] of st.eliminations || []) {
        const cell = cellOf([r, c]);
        centre[cell] = (centre[cell] || masks[cell]) & ~(1 << (d - 1));
      }
      for (const [r, c, d] of st.placements || []) {
        const cell = cellOf([r, c]);
        values[cell] = d;
        for (const p of peersOf(cell)) { centre[p] &= ~(1 << (d - 1)); corner[p] &= ~(1 << (d - 1)); }
      }
    });
    say(`Applied: ${describe(st, 3)}`);
  }

  function checkProgress() {
    clearShown();
    const r = nonet.checkProgress(P.text, values, stateMasks());
    if (r.status === 'mistake') {
      shown = { cells: new Set(), extra: new Set(), places: new Set(), elims: new Set(), mistake: cellOf(r.cell) };
      say(r.message, true);
    } else if (r.status === 'solved') say('Solved: every digit is right.');
    else if (r.status === 'ok') say(`No mistake so far; ${r.empty} cells to go.`);
    else say(r.error || r.status, true);
    render();
  }

  function explain() {
    clearShown();
    const list = $('steps');
    list.innerHTML = '';
    const recs = nonet.explain(P.text);
    const steps = recs.filter((r) => r.technique);
    // replay on a copy of the givens to know each step's candidates
    let grid = P.cells.slice();
    const n = P.size, full = (1 << n) - 1;
    let cands = grid.map((v, c) => {
      if (v) return 0;
      let m = full;
      for (const p of peersOf(c)) if (grid[p]) m &= ~(1 << (grid[p] - 1));
      return m;
    });
    for (const st of steps) {
      const li = document.createElement('li');
      li.textContent = describe(st, 3);
      const before = cands.slice();
      li.addEventListener('click', () => {
        for (const o of list.querySelectorAll('li.on')) o.classList.remove('on');
        show(st, 3, before);
        li.classList.add('on');
      });
      list.appendChild(li);
      for (const [r, c, d] of st.eliminations) cands[cellOf([r, c])] &= ~(1 << (d - 1));
      for (const [r, c, d] of st.placements) {
        const cell = cellOf([r, c]);
        grid[cell] = d;
        cands[cell] = 0;
        for (const p of peersOf(cell)) cands[p] &= ~(1 << (d - 1));
      }
    }
    const end = recs[recs.length - 1];
    say(end && end.status === 'solved'
      ? `Solved in ${end.steps} steps; the hardest rates ${end.hardest.toFixed(1)}. Click a step to see it.`
      : `Not explained: ${end ? end.error || end.status : 'no answer'}.`, !(end && end.status === 'solved'));
  }

  // ---- share link -------------------------------------------------------
  const b64 = (s) => btoa(unescape(encodeURIComponent(s))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const unb64 = (s) => decodeURIComponent(escape(atob(s.replace(/-/g, '+').replace(/_/g, '/'))));
  function stateString() {
    const v = values.map((x, i) => (P.cells[i] ? 0 : x).toString(36)).join('');
    return [v, corner.map((m) => m.toString(36)).join('.'), centre.map((m) => m.toString(36)).join('.'), Math.round(timeSpent() / 1000)].join('~');
  }
  function shareUrl() {
    const base = location.href.split('#')[0];
    return `${base}#p=${b64(P.text)}&s=${stateString()}${P.er != null ? `&er=${P.er}` : ''}`;
  }
  function saveHash() {
    if (P) history.replaceState(null, '', shareUrl());
  }
  function loadHash() {
    const h = new URLSearchParams(location.hash.slice(1));
    if (!h.get('p')) return false;
    let text;
    try { text = unb64(h.get('p')); } catch { return false; }
    if (!load(text, { er: h.get('er') != null ? parseFloat(h.get('er')) : undefined })) return false;
    const s = (h.get('s') || '').split('~');
    if (s.length === 4) {
      const n = P.size * P.size;
      [...s[0]].slice(0, n).forEach((ch, i) => { const d = parseInt(ch, 36); if (!P.cells[i] && d) values[i] = d; });
      s[1].split('.').slice(0, n).forEach((x, i) => { corner[i] = parseInt(x, 36) || 0; });
      s[2].split('.').slice(0, n).forEach((x, i) => { centre[i] = parseInt(x, 36) || 0; });
      elapsed = (parseInt(s[3], 10) || 0) * 1000;
      startedAt = Date.now();
    }
    render();
    showTime();
    return true;
  }

  // ---- timer ------------------------------------------------------------
  const timeSpent = () => elapsed + (solvedAt ? 0 : Date.now() - startedAt);
  const clock = (ms) => {
    const s = Math.floor(ms / 1000);
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    return `${h ? `${h}:${String(m).padStart(2, '0')}` : m}:${String(sec).padStart(2, '0')}`;
  };
  // the clock shows the time spent at once (a restored share link too), then every half second
  const showTime = () => { if (P) $('timer').textContent = clock(solvedAt ? elapsed : timeSpent()); };
  setInterval(showTime, 500);

  // ---- new puzzle -------------------------------------------------------
  function newPuzzle() {
    const v = $('shape').value;
    const difficulty = $('difficulty').value;
    const opts = { difficulty, symmetry: 'random', seed: String(Math.floor(Math.random() * 2 ** 52)) };
    if (v[0] === 'j') Object.assign(opts, { size: +v.slice(1), jigsaw: true });
    else if (v.includes(':')) Object.assign(opts, { size: 9, variants: v.split(':')[1] });
    else opts.size = +v;
    if (opts.size === 8) opts.box = [2, 4];
    if (opts.jigsaw || opts.variants) opts.symmetry = 'none';
    say(`Making a ${difficulty} puzzle…`);
    document.body.dataset.busy = '1';
    setTimeout(() => {
      const t0 = performance.now();
      const [g] = nonet.generate(opts);
      delete document.body.dataset.busy;
      if (!g || g.error) { say(g ? g.error : 'No puzzle made.', true); return; }
      load(g.nonet, { er: g.er, difficulty });
      const [lo, hi] = BANDS[difficulty];
      if (g.er < lo || (hi && g.er > hi)) {
        say(`No ${difficulty} puzzle (ER ${lo}${hi ? `-${hi}` : '+'}) found in 200 tries; the closest: ER ${g.er.toFixed(1)} (${g.technique}).`, true);
        return;
      }
      say(`${/^[aeiou]/.test(difficulty) ? "An" : "A"} ${difficulty} puzzle: ${g.clues} givens, ER ${g.er.toFixed(1)} (${g.technique}), made in ${Math.round(performance.now() - t0)} ms.`);
      saveHash();
    }, 20);
  }

  // ---- input ------------------------------------------------------------
  const KEYMOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  document.addEventListener('keydown', (e) => {
    if (!P || e.target.closest('input, textarea, select')) return;
    const n = P.size;
    if (KEYMOVES[e.key]) {
      const [dr, dc] = KEYMOVES[e.key];
      const r = (Math.floor(sel / n) + dr + n) % n, c = ((sel % n) + dc + n) % n;
      sel = r * n + c;
      e.preventDefault();
      render();
      return;
    }
    if ((e.ctrlKey || e.metaKey) && (e.key === 'z' || e.key === 'Z')) { e.preventDefault(); (e.shiftKey ? redo : undo)(); return; }
    if ((e.ctrlKey || e.metaKey) && (e.key === 'y' || e.key === 'Y')) { e.preventDefault(); redo(); return; }
    if (e.key === 'Backspace' || e.key === 'Delete' || e.key === '0' || e.key === '.') { e.preventDefault(); clearCell(); return; }
    if (e.key === ' ') {
      e.preventDefault();
      mode = mode === 'digit' ? 'corner' : mode === 'corner' ? 'centre' : 'digit';
      render();
      return;
    }
    // e.code keeps the digit under Shift (Shift+1 is "!")
    let ch = e.code && /^(Digit|Numpad)\d$/.test(e.code) ? e.code.slice(-1) : e.key.length === 1 ? e.key.toUpperCase() : '';
    if (e.code && /^Key[A-Z]$/.test(e.code)) ch = e.code.slice(3);
    const d = ch.length === 1 ? SYMBOLS.indexOf(ch) + 1 : 0;
    if (d >= 1 && d <= n) {
      e.preventDefault();
      enter(d, e.shiftKey ? 'corner' : e.ctrlKey || e.altKey ? 'centre' : mode);
    }
  });
  for (const b of $('modes').querySelectorAll('[data-mode]'))
    b.addEventListener('click', () => { mode = b.dataset.mode; render(); });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint1').addEventListener('click', () => hint(1));
  $('hint2').addEventListener('click', () => hint(2));
  $('hint3').addEventListener('click', () => hint(3));
  $('apply').addEventListener('click', applyStep);
  $('check').addEventListener('click', checkProgress);
  $('explain').addEventListener('click', explain);
  $('share').addEventListener('click', () => {
    const url = shareUrl();
    const box = $('share-url');
    box.hidden = false;
    box.value = url;
    box.select();
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => say('Link copied.'), () => say('Copy the link below.'));
    else say('Copy the link below.');
  });
  $('new-form').addEventListener('submit', (e) => { e.preventDefault(); newPuzzle(); });
  $('import').addEventListener('click', () => {
    if (load($('import-text').value)) {
      say(`Imported a ${P.size}x${P.size} puzzle.`);
      saveHash();
    }
  });
  window.addEventListener('hashchange', () => { if (!P || location.href !== shareUrl()) loadHash(); });

  if (!loadHash()) newPuzzle();
  document.body.dataset.ready = '1';
  $('board').focus();
})().catch((e) => {
  document.getElementById('message').textContent = `nonet failed to load: ${e.message}`;
  throw e;
});
