// The fast 9x9 engine's levels in the WebAssembly build: tests/fast/fast_test.c
// compiled for wasm32-wasi (make -C web: build/fast_test.wasm) and run here
// under node's WASI. It drives every level the module has (scalar and
// simd128, the AVX2 rounds on vec_wasm128.h) on the shared puzzle sets
// (without them: on puzzles it generates) and checks that all give the same
// solutions, node and guess counts, and the rules of every solution.
// NONET_FAST_WASM_MAX (default 3000) bounds the puzzles of each set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WASI } from 'node:wasi';
import { root, sharedData } from './helpers.mjs';

const wasmPath = path.join(root, 'web/build/fast_test.wasm');

test('fast engine: every level of the wasm build agrees with the scalar level', async () => {
  assert.ok(existsSync(wasmPath), `${wasmPath} is missing: run make -C web`);
  const puzzles = path.join(sharedData, 'puzzles');
  const have = existsSync(puzzles);
  const dir = mkdtempSync(path.join(tmpdir(), 'nonet-fast-'));
  const outPath = path.join(dir, 'out.txt');
  const fd = openSync(outPath, 'w');
  let code;
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: ['fast_test', have ? '/puzzles' : '/none', process.env.NONET_FAST_WASM_MAX || '3000'],
      preopens: have ? { '/puzzles': puzzles } : {},
      stdout: fd,
      stderr: fd,
      returnOnExit: true,
    });
    const module = await WebAssembly.compile(readFileSync(wasmPath));
    const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
    code = wasi.start(instance);
  } finally {
    closeSync(fd);
  }
  const out = readFileSync(outPath, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  assert.equal(code, 0, out);
  // both levels ran, and dispatch picks the vector one
  assert.match(out, /^levels on this CPU: scalar simd128; dispatch runs simd128$/m, out);
  assert.match(out, /ALL TESTS PASSED/, out);
  const agree = out.split('\n').filter((l) => l.includes('levels agree'));
  assert.ok(agree.length >= 1, out);
  for (const l of agree) assert.match(l, /; 2 levels agree$/, l);
  if (have) assert.ok(agree.length >= 5, `expected the five shared sets:\n${out}`);
});
