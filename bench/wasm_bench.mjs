// bench/wasm_bench.mjs - the WebAssembly build against the native library,
// in one run, rounds interleaved (the machine may be shared): medians.
//
//   make -C web && cmake --build build --target nonet nonet-bench proc_time
//   node bench/wasm_bench.mjs [ROUNDS=5] [HINT_EVERY=4 (0: no hints)]
//
// 1. Size: dist/nonet.wasm, raw and gzipped (-9).
// 2. The 17-clue set, library alone, one thread, limit 2: native nonet-bench
//    (fast engine, its best SIMD path and scalar) vs the wasm module (one
//    reused solver, puzzles read once; the reading is timed apart and left
//    out, as nonet-bench leaves it out). In wall time, and in CPU time,
//    which a loaded machine disturbs less: the module's from
//    process.cpuUsage, the native library's from two nonet-bench processes
//    (one and three runs of the set, CPU time by bench/proc_time): the
//    difference is two runs, without the reading and the start-up.
// 3. End to end: `nonet solve -j1 FILE > /dev/null` (process wall time) vs
//    solveText(text) in node (read, solve, write the answers).
// 4. Hints: puzzles of serate_mix.txt up to ER 9.0 (every HINT_EVERY-th),
//    a level-3 hint from the start and from the state just before the
//    hardest step of the path (the slowest step to find), each the median of
//    three calls, in CPU time (process.cpuUsage) and in wall time.
import { readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNonet } from '../web/dist/nonet.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const data = process.env.NONET_SHARED_DATA || path.join(root, '../shared/data');
const set = path.join(data, 'puzzles/puzzles2_17_clue');
const rounds = +(process.argv[2] || 5);
const hintEvery = +(process.argv[3] ?? 4); // 0: no hints
const median = (v) => { const s = [...v].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const now = () => performance.now();

const wasm = readFileSync(path.join(root, 'web/dist/nonet.wasm'));
console.log(`nonet.wasm: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped`);

const nonet = await createNonet();
const text = readFileSync(set, 'utf8');
const bench = path.join(root, 'build/bench/nonet-bench');
const cli = path.join(root, 'build/nonet');
const procTime = path.join(root, 'build/bench/proc_time');
const cpuNow = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
// CPU seconds of one nonet-bench process solving the set `runs` times
// (after its warm-up run) on the best path
const nativeCpu = (runs) => parseFloat(execFileSync(procTime, [bench, '-e', 'fast', '-r', String(runs), '--simd', 'best', set], { encoding: 'utf8' }).trim().split(/\s+/)[1]);
const rows = { native_best: [], native_scalar: [], wasm: [], read: [], cli: [], node: [], native_cpu: [], wasm_cpu: [] };
let paths = '';
for (let r = 0; r < rounds; r++) {
  const out = execFileSync(bench, ['-e', 'fast', '-r', '1', '--simd', 'best,scalar', set], { encoding: 'utf8' });
  const lines = out.split('\n').filter((l) => l.includes('| fast'));
  const us = lines.map((l) => parseFloat(l.split('|')[5]));
  paths = lines.map((l) => l.split('|')[3].trim()).join(', ');
  rows.native_best.push(us[0]);
  rows.native_scalar.push(us[us.length - 1]);
  let t = now();
  const { puzzles } = nonet.benchSolve(text, 0);
  const read = now() - t;
  t = now();
  const res = nonet.benchSolve(text, 1);
  const both = now() - t;
  if (res.solved !== puzzles) throw new Error(`wasm solved ${res.solved} of ${puzzles}`);
  rows.read.push((read * 1000) / puzzles);
  rows.wasm.push(((both - read) * 1000) / puzzles);
  let c = cpuNow();
  nonet.benchSolve(text, 0);
  const readCpu = cpuNow() - c;
  c = cpuNow();
  nonet.benchSolve(text, 1);
  rows.wasm_cpu.push(((cpuNow() - c - readCpu) * 1000) / puzzles);
  rows.native_cpu.push(((nativeCpu(3) - nativeCpu(1)) * 1e6) / (2 * puzzles));
  t = now();
  execFileSync('sh', ['-c', `"${cli}" solve -j1 "${set}" > /dev/null`]);
  rows.cli.push(now() - t);
  t = now();
  nonet.solveText(text);
  rows.node.push(now() - t);
}
const f = (x) => x.toFixed(2);
console.log(`\n17-clue set (${statSync(set).size} bytes), ${rounds} rounds interleaved, medians:`);
console.log(`  native nonet-bench, fast engine (${paths}): ${f(median(rows.native_best))} / ${f(median(rows.native_scalar))} us/puzzle`);
console.log(`  wasm in node ${process.version}, library alone: ${f(median(rows.wasm))} us/puzzle (+ ${f(median(rows.read))} us to read it)`);
console.log(`  ratio wasm / native best: ${f(median(rows.wasm) / median(rows.native_best))}; wasm / native scalar: ${f(median(rows.wasm) / median(rows.native_scalar))}`);
console.log(`  CPU time: native best ${f(median(rows.native_cpu))} us/puzzle, wasm ${f(median(rows.wasm_cpu))} us/puzzle, ratio ${f(median(rows.wasm_cpu) / median(rows.native_cpu))}`);
console.log(`  per round (native best / wasm, wall; CPU): ${rows.wasm.map((w, i) => `${f(rows.native_best[i])}/${f(w)}; ${f(rows.native_cpu[i])}/${f(rows.wasm_cpu[i])}`).join(' | ')}`);
console.log(`  end to end: nonet solve -j1 ${median(rows.cli).toFixed(0)} ms; node solveText ${median(rows.node).toFixed(0)} ms; ratio ${f(median(rows.node) / median(rows.cli))}`);

// ---- hints ----
if (hintEvery <= 0) process.exit(0);
const lines = readFileSync(path.join(data, 'ratings/serate_mix.txt'), 'utf8').split('\n')
  .filter((l) => l && !l.startsWith('#')).map((l) => l.split(/\s+/))
  .filter(([, r]) => parseFloat(r) <= 9.0).filter((_, i) => i % hintEvery === 0);
const times = [], wallTimes = [];
let worst = { ms: 0 };
for (const [p, r] of lines) {
  const [shape] = nonet.parse(p);
  const n = shape.size, full = (1 << n) - 1;
  const peers = shape.cells.map((_, c) => { const s = new Set(); for (const h of shape.houses) if (h.cells.includes(c)) h.cells.forEach((x) => s.add(x)); s.delete(c); return [...s]; });
  const grid = shape.cells.slice();
  const cands = grid.map((v, c) => (v ? 0 : peers[c].reduce((m, q) => (grid[q] ? m & ~(1 << (grid[q] - 1)) : m), full)));
  const steps = nonet.explain(p).filter((s) => s.technique);
  let hardest = 0;
  steps.forEach((s, i) => { if (s.rating > steps[hardest].rating) hardest = i; });
  const timeHint = (cells, masks, where) => {
    let h;
    const wall = [], cpu = [];
    for (let k = 0; k < 3; k++) {
      const t = now(), c = process.cpuUsage();
      h = nonet.hintState(p, cells, masks, 3);
      const d = process.cpuUsage(c);
      wall.push(now() - t);
      cpu.push((d.user + d.system) / 1000);
    }
    // medians of three; CPU time too: on a loaded machine the wall time of a
    // 2 ms hint jumps to 50-130 ms when the process is preempted
    const ms = median(cpu);
    wallTimes.push(median(wall));
    if (!h.technique) throw new Error(`no hint for ${p}: ${JSON.stringify(h)}`);
    times.push(ms);
    if (ms > worst.ms) worst = { ms, p, er: r, where, technique: h.technique };
  };
  timeHint(grid, cands, 'start');
  for (const s of steps.slice(0, hardest)) {
    for (const [rr, cc, d] of s.eliminations) cands[(rr - 1) * n + cc - 1] &= ~(1 << (d - 1));
    for (const [rr, cc, d] of s.placements) {
      const cell = (rr - 1) * n + cc - 1;
      grid[cell] = d;
      cands[cell] = 0;
      for (const q of peers[cell]) cands[q] &= ~(1 << (d - 1));
    }
  }
  timeHint(grid, cands, `before step ${hardest + 1} (${steps[hardest].technique}, ${steps[hardest].rating})`);
}
times.sort((a, b) => a - b);
console.log(`\nhints (level 3, from the player's state) on ${lines.length} puzzles up to ER 9.0, ${times.length} hints:`);
wallTimes.sort((a, b) => a - b);
const pct = (v, q) => v[Math.min(v.length - 1, Math.floor(v.length * q))];
console.log(`  CPU time:  median ${f(median(times))} ms, 99th percentile ${f(pct(times, 0.99))} ms, max ${f(times.at(-1))} ms`);
console.log(`  wall time: median ${f(median(wallTimes))} ms, 99th percentile ${f(pct(wallTimes, 0.99))} ms, max ${f(wallTimes.at(-1))} ms (load: ${(await import('node:os')).loadavg()[0].toFixed(1)})`);
console.log(`  slowest: ER ${worst.er}, ${worst.where}, hint ${worst.technique}: ${worst.p}`);
