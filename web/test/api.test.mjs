// The JS API against the rules, the native CLI and its errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createNonet } from '../dist/nonet.js';
import { haveNative, requireNative, native, ruleBreak, shapes, sharedData } from './helpers.mjs';

const nonet = await createNonet();
const P17 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const nativeOpt = { skip: !haveNative && !requireNative && 'build/nonet not built' };

test('solve: a unique puzzle, a rule break and a bad line, the rest still answered', () => {
  const recs = nonet.solve(`${P17}\n1${P17.slice(1)}\nxyz\n${P17}\n`);
  assert.equal(recs.length, 4);
  assert.equal(recs[0].status, 'unique');
  const [shape] = nonet.parse(P17);
  assert.equal(ruleBreak(shape, recs[0].solutions[0]), '');
  assert.equal(recs[1].status, 'invalid');
  assert.match(recs[1].error, /^nonet: -:2: digit 1 appears twice/);
  assert.equal(recs[2].status, 'invalid');
  assert.match(recs[2].error, /^nonet: -:3: /);
  assert.equal(recs[3].status, 'unique');
});

test('count: several solutions, all of them kept, each obeying the rules', () => {
  const p = '8.........95.......67.........472968...913245...856137....9.716...6.8492......583';
  const [rec] = nonet.count(p, { limit: 0, keep: 10 });
  assert.equal(rec.count, 3);
  assert.equal(rec.exact, true);
  assert.equal(new Set(rec.solutions).size, 3);
  const [shape] = nonet.parse(p);
  for (const s of rec.solutions) assert.equal(ruleBreak(shape, s), '');
});

for (const [label, opts] of shapes) {
  test(`every shape: generate, solve, hint, rate, check, canon on ${label}`, () => {
    const [g] = nonet.generate({ ...opts, seed: 7, difficulty: 'medium' });
    assert.ok(!g.error, g.error);
    const [shape] = nonet.parse(g.nonet);
    assert.equal(shape.size, opts.size);
    assert.deepEqual(shape.variants, opts.variants ? [opts.variants] : []);
    assert.equal(ruleBreak({ ...shape, cells: [...shape.cells] }, g.solution), '');
    const [s] = nonet.solve(g.nonet);
    assert.equal(s.status, 'unique');
    assert.equal(s.solutions[0], g.solution);
    const [c] = nonet.check(g.nonet);
    assert.equal(c.status, 'unique');
    assert.match(c.verdict, /^unique, /);
    const [h] = nonet.hint(g.nonet, 3);
    assert.ok(h.technique && (h.placements.length || h.eliminations.length), JSON.stringify(h));
    const [r] = nonet.rate(g.nonet);
    assert.equal(r.status, 'rated');
    assert.equal(r.er, g.er);
    const steps = nonet.explain(g.nonet);
    assert.equal(steps.at(-1).status, 'solved');
    assert.equal(steps.at(-1).steps, steps.length - 1);
    const [k] = nonet.canon(g.nonet);
    assert.ok(!k.error, k.error);
    const [k2] = nonet.canon(nonet.solve(g.nonet)[0].puzzle === k.original ? g.nonet : '');
    assert.equal(k2.puzzle, k.puzzle);
  });
}

test('rules: box, variants and a jigsaw map given beside the text', () => {
  const regions = 'AAAABB\nAACCBB\nCCCCBB\nDDDEEF\nDDEEFF\nDEEFFF\n';
  const [g] = nonet.generate({ size: 6, seed: 1 });
  const [j] = nonet.parse(g.puzzle, { regions });
  assert.deepEqual(j.box, [0, 0]);
  assert.equal(j.regions[0], j.regions[1]);
  const [x] = nonet.parse(P17, { variants: ['x'] });
  assert.deepEqual(x.variants, ['x']);
  const [b] = nonet.parse('.'.repeat(36), { box: [3, 2] });
  assert.deepEqual(b.box, [3, 2]);
  assert.throws(() => nonet.solve(P17, { variants: 'zigzag' }), /zigzag/);
});

test('errors: a bad difficulty, symmetry and size are named', () => {
  assert.match(nonet.generate({ difficulty: 'impossible' })[0].error, /unknown difficulty 'impossible'/);
  assert.match(nonet.generate({ symmetry: 'spiral' })[0].error, /unknown symmetry 'spiral'/);
  assert.equal(nonet.generate({ size: 3 })[0].status, 'invalid');
  assert.equal(nonet.rate('')[0].status, 'invalid');
  assert.equal(nonet.hint('1.......3..2...4\n1...1...........')[1].status, 'invalid');
});

test('checkProgress names a lost candidate and a wrong digit; hintState goes on from the state', () => {
  const [p] = nonet.parse(P17);
  const [s] = nonet.solve(P17);
  const sol = [...s.solutions[0]].map(Number);
  const cells = [...p.cells];
  const cands = new Array(81).fill(0);
  const empty = cells.findIndex((v) => !v);
  cands[empty] = 0x1ff & ~(1 << (sol[empty] - 1));
  const m = nonet.checkProgress(P17, cells, cands);
  assert.equal(m.status, 'mistake');
  const rc = `r${Math.floor(empty / 9) + 1}c${(empty % 9) + 1}`;
  assert.equal(m.message, `${rc} has lost its candidate ${sol[empty]}`);
  assert.equal(nonet.hintState(P17, cells, cands, 1).status, 'mistake');
  cands[empty] = 0;
  cells[empty] = (sol[empty] % 9) + 1;
  assert.equal(nonet.checkProgress(P17, cells, cands).message, `${rc} holds ${cells[empty]}, the solution has ${sol[empty]} there`);
  cells[empty] = sol[empty];
  assert.equal(nonet.checkProgress(P17, cells, null).status, 'ok');
  const h = nonet.hintState(P17, cells, null, 3);
  assert.ok(h.technique);
  assert.equal(nonet.checkProgress(P17, sol, null).status, 'solved');
  assert.equal(nonet.hintState(P17, sol, null, 3).status, 'solved');
});

function serateSample(every) {
  const lines = readFileSync(path.join(sharedData, 'ratings/serate_mix.txt'), 'utf8').split('\n');
  return lines.filter((l) => l && !l.startsWith('#')).filter((_, i) => i % every === 0).map((l) => l.split(/\s+/));
}

test('ratings equal the native CLI\'s (and serate\'s) on a sample', nativeOpt, () => {
  const sample = serateSample(60).filter(([, r]) => parseFloat(r) <= 9.0);
  const text = sample.map(([p]) => p).join('\n') + '\n';
  const ours = nonet.rate(text);
  const theirs = native(['rate', '-o', 'json', '-T', '-j1'], text).trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(ours.length, sample.length);
  for (let i = 0; i < ours.length; i++) {
    const { er, ep, ed, status, steps, puzzle } = theirs[i];
    assert.deepEqual({ er: ours[i].er, ep: ours[i].ep, ed: ours[i].ed, status: ours[i].status, steps: ours[i].steps, puzzle: ours[i].puzzle },
      { er, ep, ed, status, steps, puzzle });
  }
});

test('hint, explain, solve, count, canon and generate records equal the native CLI\'s', nativeOpt, () => {
  const text = serateSample(200).map(([p]) => p).join('\n') + '\n';
  const lines = (s) => s.trim().split('\n').map((l) => JSON.parse(l));
  for (const level of [1, 2, 3])
    assert.deepEqual(nonet.hint(text, level), lines(native(['hint', '-o', 'json', '--level', String(level), '-j1'], text)));
  assert.deepEqual(nonet.explain(text), lines(native(['explain', '-o', 'json', '-j1'], text)));
  assert.deepEqual(nonet.solve(text), lines(native(['solve', '-o', 'json', '-T', '-j1'], text)));
  assert.deepEqual(nonet.canon(text), lines(native(['canon', '-o', 'json', '-j1'], text)));
  const gen = nonet.generate({ difficulty: 'hard', symmetry: 'rotate180', seed: 9, count: 2 }).map(({ nonet: _, ...r }) => r);
  assert.deepEqual(gen, lines(native(['generate', '--seed', '9', '-n', '2', '--difficulty', 'hard', '--symmetry', 'rotate180', '-o', 'json'], '')));
});

test('a puzzle with several solutions: rate, hint and explain answer "several" at once, as the native CLI', nativeOpt, () => {
  const several = `.${P17.slice(1)}`; // one given fewer: two solutions
  const text = `${P17}\n${several}\n${'.'.repeat(81)}\n`;
  const rated = nonet.rate(text);
  assert.deepEqual(rated.map((r) => r.status), ['rated', 'several', 'several']);
  const lines = (s) => s.trim().split('\n').map((l) => JSON.parse(l));
  const theirs = lines(native(['rate', '-o', 'json', '-T', '-j1'], text));
  for (let i = 0; i < 3; i++) assert.equal(rated[i].status === 'rated' ? 'rated' : rated[i].status, theirs[i].status === 'unique' ? 'rated' : theirs[i].status);
  assert.deepEqual(nonet.hint(text, 3), lines(native(['hint', '-o', 'json', '-j1'], text)));
  assert.deepEqual(nonet.explain(text), lines(native(['explain', '-o', 'json', '-j1'], text)));
});
