// bench/iss_bench.mjs PEER_DIR [NONET] - nonet against ISS (Interactive
// Sudoku Solver, github.com/sigh/Interactive-Sudoku-Solver) on ISS's own
// puzzle collections, proving uniqueness (stop at the second solution).
//
//   node bench/iss_bench.mjs /work/peers/iss [build/nonet]
//
// PEER_DIR is a checkout of ISS kept outside the project (nothing of it is
// committed here); NONET is the CLI (default build/nonet). The sets are read
// from the peer at bench time through ISS's own parser and collections:
//   tarek    TAREK_ALL (42 killers, cages only)
//   extreme  EXTREME_KILLERS (4 killers)
//   mixed    every puzzle of ISS's examples whose constraints all have a nonet
//            kind (givens, cages, thermos, arrows, dots, XV and their negative
//            rules, whispers, renban, palindromes, between lines, little
//            killers, sandwiches, quadruples, clones, diagonals, anti-knight,
//            anti-king, anti-consecutive, windoku) on a 9x9 or 6x6 grid with
//            standard boxes, and at least one constraint beyond givens
//            and cages; the names of those it skips are printed with the reason.
// Each set is converted to the nonet format (bench/iss_bench.mjs --convert
// SET writes it to standard output).
//
// SETS (env, default tarek,extreme,mixed) picks the sets to run.
// ROUNDS rounds (env, default 5), interleaved: in each round, per set, ISS
// solves every puzzle in this node process (parse, build and search, with
// maxSolutions 2: ISS's benchmark_puzzles.js path) and `nonet count -l 2 -j 1`
// runs once on the whole set as a child process (so nonet's figure includes
// process start and reading the file). Medians per set; the ratio is ISS's
// median over nonet's. Every round checks that both give each puzzle the same
// solution count (0, 1 or 2 = several); a mismatch stops the bench.
// Last, each set's guesses, nonet's (bench/search_stats, built beside NONET)
// beside ISS's: the search trees' sizes, which the machine's load leaves alone.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const usage = 'usage: node bench/iss_bench.mjs PEER_DIR [NONET] | PEER_DIR --convert SET';
const argv = process.argv.slice(2);
if (argv.length < 1) {
  console.error(usage);
  process.exit(2);
}
const peer = resolve(argv[0]);
const peerUrl = (p) => pathToFileURL(join(peer, p)).href;

// ISS's analysis library sets up the globals its modules need (self, ...).
const SA = await import(peerUrl('tools/lib/solver_analysis.js'));
const vp = globalThis.self?.VERSION_PARAM ?? '';
const { SudokuParser } = await import(peerUrl('js/sudoku_parser.js') + vp);
const { PUZZLE_INDEX } = await import(peerUrl('data/example_puzzles.js') + vp);

// An Or (one of its branches holds) has no nonet kind: flattening it would
// make every branch hold.
const flatten = (c, out = []) => {
  if (c.type === 'Or') throw new Error('no nonet kind for Or');
  if (c.constraints) for (const x of c.constraints) flatten(x, out);
  else out.push(c);
  return out;
};
const cellName = (id) => {
  const m = /^R(\d+)C(\d+)$/.exec(id);
  if (!m) throw new Error(`cell ${id}`);
  return `r${m[1]}c${m[2]}`;
};
const cells = (list) => {
  if (new Set(list).size !== list.length) throw new Error('a line through a cell twice (a loop)');
  return list.map(cellName).join(' ');
};

// One ISS constraint tree as a nonet block, or throws naming what nonet
// has no kind for.
const toNonet = (input) => {
  const tree = SudokuParser.parseText(input);
  const geo = tree.getGeometry();
  const n = geo.numRows;
  if (geo.numCols !== n || (n !== 9 && n !== 6)) throw new Error(`${n}x${geo.numCols} grid`);
  const grid = Array(n * n).fill('.');
  const lines = [];
  const variants = new Set();
  let diagonals = 0;
  let negDots = 0;
  let negXV = 0;
  for (const c of flatten(tree)) {
    const t = c.type;
    if (t === 'Shape') {
      if (c.args[0] !== `${n}x${n}`) throw new Error(`shape ${c.args[0]}`);
      // digits other than 1..N (ISS's "0-8": 0-indexed) have no nonet kind
      if (c.args[1] && c.args[1] !== `${n}` && c.args[1] !== `1-${n}`) throw new Error(`digits ${c.args[1]}`);
    } else if (t === 'Given') {
      if (c.values.length !== 1) throw new Error('Given with several values');
      const m = /^R(\d+)C(\d+)$/.exec(c.cell);
      grid[(m[1] - 1) * n + (m[2] - 1)] = String(c.values[0]);
    } else if (t === 'Cage') {
      // ISS: an empty sum or a sum of 0 means any sum (distinct digits only).
      if (String(c.args[0]).trim() === '' || c.sum === 0) lines.push(`cage ${cells(c.cells)}`);
      else lines.push(`cage ${c.sum} ${cells(c.cells)}`);
    } else if (t === 'Thermo') {
      lines.push(`thermo ${cells(c.args)}`);
    } else if (t === 'Arrow') {
      lines.push(`arrow ${cells(c.args)}`);
    } else if (t === 'WhiteDot' || t === 'BlackDot' || t === 'X' || t === 'V') {
      // ISS lets one dot or XV join a set of cells: a mark between every
      // two orthogonal neighbours of the set (not only those listed one
      // after the other).
      const kind = { WhiteDot: 'white-dot', BlackDot: 'black-dot', X: 'x', V: 'v' }[t];
      const at = c.args.map((id) => /^R(\d+)C(\d+)$/.exec(id).slice(1).map(Number));
      for (let i = 0; i < at.length; i++)
        for (let j = i + 1; j < at.length; j++)
          if (Math.abs(at[i][0] - at[j][0]) + Math.abs(at[i][1] - at[j][1]) === 1)
            lines.push(`${kind} ${cells([c.args[i], c.args[j]])}`);
    } else if (t === 'StrictKropki') {
      negDots = 3;
    } else if (t === 'StrictXV') {
      negXV = 3;
    } else if (t === 'Whisper') {
      lines.push(`whisper ${c.args[0]} ${cells(c.cells)}`);
    } else if (t === 'Renban' || t === 'Palindrome' || t === 'Between') {
      lines.push(`${t.toLowerCase()} ${cells(c.args)}`);
    } else if (t === 'LittleKiller' || t === 'Sandwich') {
      const kind = t === 'LittleKiller' ? 'little-killer' : 'sandwich';
      lines.push(`${kind} ${c.value} ${cells(c.getCells(geo))}`);
    } else if (t === 'Quad') {
      const m = /^R(\d+)C(\d+)$/.exec(c.topLeftCell);
      const [r, q] = [+m[1], +m[2]];
      lines.push(`quadruple ${c.values.join(' ')} r${r}c${q} r${r}c${q + 1} r${r + 1}c${q} r${r + 1}c${q + 1}`);
    } else if (t === 'SameValues') {
      if (+c.numSets !== 2) throw new Error('SameValues of more than 2 sets');
      lines.push(`clone ${cells(c.cells)}`);
    } else if (t === 'Diagonal') {
      diagonals |= c.direction > 0 ? 1 : 2;
    } else if (t === 'AntiKnight') {
      variants.add('anti-knight');
    } else if (t === 'AntiKing') {
      variants.add('anti-king');
    } else if (t === 'AntiConsecutive') {
      variants.add('non-consecutive');
    } else if (t === 'Windoku') {
      variants.add('hyper');
    } else {
      throw new Error(`no nonet kind for ${t}`);
    }
  }
  if (diagonals === 3) variants.add('x');
  else if (diagonals) {
    const diag = [];
    for (let r = 1; r <= n; r++) diag.push(`r${r}c${diagonals === 1 ? n + 1 - r : r}`);
    lines.push(`region ${diag.join(' ')}`);
  }
  if (negDots) lines.push(`dots-negative ${negDots}`);
  if (negXV) lines.push(`xv-negative ${negXV}`);
  const out = ['nonet 1', `size ${n}`];
  if (variants.size) out.push(`variants ${[...variants].join(',')}`);
  out.push(...lines, 'givens');
  for (let r = 0; r < n; r++) out.push(grid.slice(r * n, r * n + n).join(''));
  return out.join('\n') + '\n';
};

const typesOf = (input) => flatten(SudokuParser.parseText(input)).map((c) => c.type);
const onlyHouses = (types) => types.every((t) => t === 'Given' || t === 'Cage' || t === 'Shape');

const buildSet = (name) => {
  const skipped = [];
  let puzzles;
  if (name === 'tarek') puzzles = SA.resolvePuzzles(['TAREK_ALL']);
  else if (name === 'extreme') puzzles = SA.resolvePuzzles(['EXTREME_KILLERS']);
  else if (name === 'mixed') {
    puzzles = [];
    for (const p of PUZZLE_INDEX.values()) {
      if (typeof p.input !== 'string' || p.input.startsWith('/')) continue;
      try {
        if (onlyHouses(typesOf(p.input))) continue;
        toNonet(p.input);
        puzzles.push(p);
      } catch (e) {
        skipped.push(`${p.name}: ${e.message}`);
      }
    }
  } else throw new Error(`unknown set ${name} (tarek, extreme, mixed)`);
  return { name, puzzles, text: puzzles.map((p) => toNonet(p.input)).join(''), skipped };
};

if (argv[1] === '--convert') {
  process.stdout.write(buildSet(argv[2]).text);
  process.exit(0);
}

const nonet = resolve(argv[1] ?? 'build/nonet');
const rounds = +(process.env.ROUNDS ?? 5);
const sets = (process.env.SETS ?? 'tarek,extreme,mixed').split(',').map(buildSet);
const dir = mkdtempSync(join(tmpdir(), 'nonet-iss-bench.'));
for (const s of sets) {
  s.file = join(dir, `${s.name}.txt`);
  writeFileSync(s.file, s.text);
  s.iss = [];
  s.nonet = [];
  s.issCpu = [];
  s.nonetCpu = [];
}

const issRun = (s) => {
  const counts = [];
  let guesses = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (const p of s.puzzles) {
    const r = SA.runSolve(p, { maxBacktracks: 0, maxSolutions: 2 });
    counts.push(Math.min(r.counters.solutions, 2));
    guesses += r.counters.guesses;
  }
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpu: (c.user + c.system) / 1000, counts, guesses };
};
const nonetRun = (s) => {
  const t0 = performance.now();
  const times = join(dir, 'time.txt');
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', times, nonet, 'count', '-l', '2', '-j', '1', s.file], { encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`nonet failed on ${s.name}: ${r.stderr}`);
  const [u, sy] = readFileSync(times, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
  return { ms, cpu: (u + sy) * 1000, counts: r.stdout.trim().split('\n').map(Number) };
};
const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};

console.log(`machine: ${cpus()[0].model}, ${cpus().length} cores, node ${process.version}`);
console.log(`peer: ${peer} (${spawnSync('git', ['-C', peer, 'log', '-1', '--format=%h %cs'], { encoding: 'utf8' }).stdout.trim()})`);
for (const s of sets) {
  console.log(`set ${s.name}: ${s.puzzles.length} puzzles`);
  for (const k of s.skipped) console.log(`  skipped ${k}`);
}
const loads = [];
try {
  for (let round = 1; round <= rounds; round++) {
    loads.push(loadavg()[0]);
    for (const s of sets) {
      const a = issRun(s);
      const b = nonetRun(s);
      for (let i = 0; i < s.puzzles.length; i++) {
        if (a.counts[i] !== b.counts[i]) {
          throw new Error(`${s.name}: ${s.puzzles[i].name}: ISS counts ${a.counts[i]}, nonet ${b.counts[i]}`);
        }
      }
      s.iss.push(a.ms);
      s.nonet.push(b.ms);
      s.issCpu.push(a.cpu);
      s.nonetCpu.push(b.cpu);
      s.counts = a.counts;
      s.issGuesses = a.guesses;
      console.log(`round ${round} ${s.name}: nonet ${b.ms.toFixed(1)} ms (cpu ${b.cpu.toFixed(0)}), ` +
        `ISS ${a.ms.toFixed(1)} ms (cpu ${a.cpu.toFixed(0)})`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\nmedians of ${rounds} rounds, load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}; counts agree`);
// Wall time is the goal's measure; CPU time (nonet: the child's user +
// system from /usr/bin/time; ISS: this process's, every thread's, JIT and
// GC included) is the fairer one on a loaded machine, where a multi-threaded
// node process wins a larger share of the cores than a single-threaded child.
console.log('set      puzzles  unique  nonet ms    ISS ms   ISS/nonet  nonet cpu   ISS cpu   ISS/nonet');
for (const s of sets) {
  const a = median(s.nonet);
  const b = median(s.iss);
  const ac = median(s.nonetCpu);
  const bc = median(s.issCpu);
  const uniq = s.counts.filter((c) => c === 1).length;
  console.log(`${s.name.padEnd(8)} ${String(s.puzzles.length).padStart(7)} ${String(uniq).padStart(7)} ` +
    `${a.toFixed(1).padStart(9)} ${b.toFixed(1).padStart(9)} ${(b / a).toFixed(2).padStart(10)}x` +
    `${ac.toFixed(0).padStart(10)} ${bc.toFixed(0).padStart(9)} ${(bc / ac).toFixed(2).padStart(10)}x`);
}
// The search trees' sizes (guesses do not depend on the load): ISS's
// counters.guesses, and nonet's from bench/search_stats when it was built
// beside NONET (build/bench/search_stats for build/nonet).
const stats = join(resolve(nonet, '..'), 'bench', 'search_stats');
console.log('\nset      nonet guesses  ISS guesses  nonet/ISS');
for (const s of sets) {
  let ng = NaN;
  const dir2 = mkdtempSync(join(tmpdir(), 'nonet-iss-bench.'));
  try {
    const f = join(dir2, `${s.name}.txt`);
    writeFileSync(f, s.text);
    const r = spawnSync(stats, ['-q', f], { encoding: 'utf8' });
    const m = r.status === 0 && / (\d+) guesses/.exec(r.stdout);
    if (m) ng = +m[1];
  } finally {
    rmSync(dir2, { recursive: true, force: true });
  }
  console.log(`${s.name.padEnd(8)} ${String(ng).padStart(14)} ${String(s.issGuesses).padStart(12)} ` +
    `${(ng / s.issGuesses).toFixed(2).padStart(10)}x`);
}
