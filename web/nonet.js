// nonet.js - libnonet in WebAssembly, for node 20 and browsers (ES module).
//
//   import { createNonet } from 'nonet';
//   const nonet = await createNonet();
//   const [rec] = nonet.solve('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......');
//   rec.status;        // "unique"
//   rec.solutions[0];  // "417369825..."
//
// Every command takes puzzle text in any format nonet reads (one puzzle or
// many) and returns one record a puzzle, with the fields `nonet COMMAND -o
// json -T` writes; a puzzle that cannot be read or breaks the rules gets a
// record with `status` "invalid" and `error` ("nonet: -:LINE: ..."), and the
// others are still answered. The loader is our own: the module needs only
// three WASI calls (fd_write, fd_seek, fd_close: stdio, which the library
// never uses), so a small shim serves node and browsers alike.
import wasmBytes from './nonet-wasm.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Error thrown by the loader and by bad arguments (not by bad puzzles). */
export class NonetError extends Error {}

function wasiShim(getMemory) {
  const ERRNO_BADF = 8;
  return {
    fd_write(fd, iovs, iovsLen, nwritten) {
      const view = new DataView(getMemory().buffer);
      let total = 0;
      let text = '';
      for (let i = 0; i < iovsLen; i++) {
        const ptr = view.getUint32(iovs + i * 8, true);
        const len = view.getUint32(iovs + i * 8 + 4, true);
        text += decoder.decode(new Uint8Array(getMemory().buffer, ptr, len));
        total += len;
      }
      if (fd === 1 || fd === 2) console.error(text.replace(/\n$/, ''));
      view.setUint32(nwritten, total, true);
      return 0;
    },
    fd_seek() { return ERRNO_BADF; },
    fd_close() { return ERRNO_BADF; },
  };
}

async function instantiate(source) {
  let memory = null;
  const imports = { wasi_snapshot_preview1: wasiShim(() => memory) };
  let result;
  if (source instanceof WebAssembly.Module) {
    result = { instance: await WebAssembly.instantiate(source, imports) };
  } else {
    let bytes = source;
    if (bytes == null) bytes = wasmBytes();
    else if (typeof bytes === 'string' || bytes instanceof URL) {
      const res = await fetch(bytes);
      if (!res.ok) throw new NonetError(`cannot fetch ${bytes}: ${res.status}`);
      bytes = await res.arrayBuffer();
    }
    result = await WebAssembly.instantiate(bytes, imports);
  }
  const { exports } = result.instance;
  memory = exports.memory;
  exports._initialize();
  return exports;
}

function rulesOf(rules = {}) {
  const box = rules.box || [0, 0];
  let variants = rules.variants ?? rules.variant ?? '';
  if (Array.isArray(variants)) variants = variants.join(',');
  return { box, variants, regions: rules.regions || '' };
}

function parseLines(text) {
  const out = [];
  for (const line of text.split('\n')) if (line) out.push(JSON.parse(line));
  return out;
}

/**
 * Loads the module and returns the API. `options.wasm` may be the module's
 * bytes, a URL to fetch, or a WebAssembly.Module; by default the copy
 * embedded in nonet-wasm.js is used (works offline and from file://).
 */
export async function createNonet(options = {}) {
  const x = await instantiate(options.wasm);
  const ctx = x.web_new();
  if (!ctx) throw new NonetError('out of memory');

  const alloc = (bytes) => {
    const ptr = x.web_alloc(bytes.length + 1);
    if (!ptr) throw new NonetError('out of memory');
    const mem = new Uint8Array(x.memory.buffer, ptr, bytes.length + 1);
    mem.set(bytes);
    mem[bytes.length] = 0;
    return ptr;
  };
  const cstr = (s) => alloc(encoder.encode(String(s ?? '')));
  const output = () => {
    const ptr = x.web_out(ctx);
    const len = x.web_out_len(ctx);
    return decoder.decode(new Uint8Array(x.memory.buffer, ptr, len));
  };
  // Runs fn with C strings for `strings`, freed afterwards; returns the records.
  const call = (strings, fn) => {
    const ptrs = [];
    try {
      for (const s of strings) ptrs.push(s instanceof Uint8Array ? alloc(s) : cstr(s));
      const rc = fn(...ptrs);
      const recs = parseLines(output());
      if (rc < 0 && !recs.length) throw new NonetError('out of memory');
      return recs;
    } finally {
      for (const p of ptrs) x.web_dealloc(p);
    }
  };
  const setRules = (rules) => {
    const r = rulesOf(rules);
    const recs = call([r.variants, r.regions], (v, g) => x.web_rules(ctx, r.box[0], r.box[1], v, g));
    if (recs.length) throw new NonetError(recs[0].error);
  };
  const withText = (text, rules, fn) => {
    setRules(rules);
    const bytes = encoder.encode(String(text));
    return call([bytes], (t) => fn(t, bytes.length));
  };
  // The player's state as two arrays in linear memory.
  const withState = (text, cells, candidates, rules, fn) => {
    setRules(rules);
    const bytes = encoder.encode(String(text));
    const n = cells.length;
    const cp = x.web_alloc(n);
    const mp = x.web_alloc(n * 8 + 8);
    try {
      new Uint8Array(x.memory.buffer, cp, n).set(cells);
      const masks = new BigUint64Array(x.memory.buffer, (mp + 7) & ~7, n);
      for (let i = 0; i < n; i++) masks[i] = BigInt(candidates ? candidates[i] || 0 : 0);
      return call([bytes], (t) => fn(t, bytes.length, cp, (mp + 7) & ~7));
    } finally {
      x.web_dealloc(cp);
      x.web_dealloc(mp);
    }
  };

  return {
    version: () => decoder.decode(new Uint8Array(x.memory.buffer, x.web_version(), 16)).split('\0')[0],
    /** The named difficulty bands, easiest first: [{name, min, max}] (ER; max 0: no top). */
    difficulties: () => call([], () => x.web_difficulties(ctx)),
    solve: (text, rules) => withText(text, rules, (t, n) => x.web_solve(ctx, t, n)),
    count: (text, opts = {}, rules) =>
      withText(text, rules, (t, n) => x.web_count(ctx, t, n, opts.limit ?? 0, opts.keep ?? 1)),
    check: (text, rules) => withText(text, rules, (t, n) => x.web_check(ctx, t, n)),
    hint: (text, level = 3, rules) => withText(text, rules, (t, n) => x.web_hint(ctx, t, n, level)),
    explain: (text, rules) => withText(text, rules, (t, n) => x.web_explain(ctx, t, n)),
    rate: (text, rules) => withText(text, rules, (t, n) => x.web_rate(ctx, t, n)),
    parse: (text, rules) => withText(text, rules, (t, n) => x.web_parse(ctx, t, n)),
    canon: (text, form = 'minlex', rules) => {
      setRules(rules);
      const bytes = encoder.encode(String(text));
      return call([bytes, form], (t, f) => x.web_canon(ctx, t, bytes.length, f));
    },
    hintState: (text, cells, candidates, level = 3, rules) =>
      withState(text, cells, candidates, rules, (t, n, c, m) => x.web_state_hint(ctx, t, n, c, m, level))[0],
    checkProgress: (text, cells, candidates, rules) =>
      withState(text, cells, candidates, rules, (t, n, c, m) => x.web_state_check(ctx, t, n, c, m))[0],
    generate(opts = {}) {
      const size = opts.size ?? 9;
      const box = opts.box || [0, 0];
      let variants = opts.variants ?? opts.variant ?? '';
      if (Array.isArray(variants)) variants = variants.join(',');
      const [lo, hi] = opts.rating || [0, 0];
      return call(
        [variants, opts.symmetry || 'none', opts.difficulty || '', String(BigInt(opts.seed ?? 0))],
        (v, s, d, seed) =>
          x.web_generate(ctx, size, box[0], box[1], v, opts.jigsaw ? 1 : 0, s, d, lo, hi, seed, opts.count ?? 1),
      );
    },
    /** Solves every puzzle, answers as text the way `nonet solve` writes them (one call for a whole batch). */
    solveText(text, rules) {
      setRules(rules);
      const bytes = encoder.encode(String(text));
      const ptr = alloc(bytes);
      try {
        x.web_solve_text(ctx, ptr, bytes.length);
        return output();
      } finally {
        x.web_dealloc(ptr);
      }
    },
    /** Benchmark: reads the puzzles once, solves them `runs` times (limit 2); returns the counts. */
    benchSolve(text, runs = 1) {
      setRules({});
      const bytes = encoder.encode(String(text));
      const ptr = alloc(bytes);
      try {
        x.web_bench_load(ctx, ptr, bytes.length, runs);
        return JSON.parse(output());
      } finally {
        x.web_dealloc(ptr);
      }
    },
    /** Frees the module's context; the object is unusable afterwards. */
    dispose: () => x.web_free(ctx),
  };
}
