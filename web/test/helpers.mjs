// Shared by the tests: the API, a rule checker written from the rules (not
// from the library), and the native CLI when built.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const nativeBin = process.env.NONET_BIN || path.join(root, 'build/nonet');
export const haveNative = existsSync(nativeBin);
export const requireNative = process.env.NONET_REQUIRE_NATIVE === '1';
export const sharedData = process.env.NONET_SHARED_DATA || path.join(root, '../shared/data');

/** Runs the native CLI on `input`; stdout (exit status 1 allowed: "not unique"). */
export function native(args, input) {
  try {
    return execFileSync(nativeBin, args, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] });
  } catch (e) {
    if (e.status === 1 || e.status === 2) return e.stdout;
    throw e;
  }
}

export const digitOf = (ch) => (ch === '.' || ch === '0' ? 0 : parseInt(ch, 36));

/**
 * Checks `solution` (a line of symbols) against the puzzle described by a
 * parse() record: every given kept, every house a permutation, and the
 * non-house variants' rules. Returns "" or what is wrong.
 */
export function ruleBreak(shape, solution) {
  const n = shape.size;
  const grid = [...solution].map(digitOf);
  if (grid.length !== n * n) return `length ${grid.length}`;
  for (let c = 0; c < n * n; c++) {
    if (grid[c] < 1 || grid[c] > n) return `cell ${c} holds ${grid[c]}`;
    if (shape.cells[c] && shape.cells[c] !== grid[c]) return `given ${c} changed`;
  }
  // rows, columns and regions from the shape's region map, then every house listed
  const houses = [];
  for (let r = 0; r < n; r++) houses.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) houses.push([...Array(n).keys()].map((r) => r * n + c));
  for (let g = 0; g < n; g++) houses.push([...Array(n * n).keys()].filter((c) => shape.regions[c] === g));
  for (const h of shape.houses) houses.push(h.cells);
  if (shape.variants.includes('x')) {
    houses.push([...Array(n).keys()].map((i) => i * n + i));
    houses.push([...Array(n).keys()].map((i) => i * n + n - 1 - i));
  }
  for (const h of houses) {
    const seen = new Set(h.map((c) => grid[c]));
    if (h.length !== n || seen.size !== n) return `house ${h.join(',')} repeats a digit`;
  }
  const at = (r, c) => (r >= 0 && c >= 0 && r < n && c < n ? grid[r * n + c] : -99);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const v = grid[r * n + c];
      if (shape.variants.includes('anti-knight'))
        for (const [dr, dc] of [[1, 2], [2, 1], [1, -2], [2, -1]])
          if (at(r + dr, c + dc) === v) return `knight r${r + 1}c${c + 1}`;
      if (shape.variants.includes('anti-king'))
        for (const [dr, dc] of [[1, 1], [1, -1]]) if (at(r + dr, c + dc) === v) return `king r${r + 1}c${c + 1}`;
      if (shape.variants.includes('non-consecutive'))
        for (const [dr, dc] of [[0, 1], [1, 0]])
          if (Math.abs(at(r + dr, c + dc) - v) === 1) return `consecutive r${r + 1}c${c + 1}`;
    }
  return '';
}

/** Every shape the page offers: [label, generate options]. */
export const shapes = [
  ['4x4', { size: 4 }],
  ['6x6', { size: 6 }],
  ['8x8 box 2x4', { size: 8, box: [2, 4] }],
  ['9x9', { size: 9 }],
  ['12x12', { size: 12 }],
  ['16x16', { size: 16 }],
  ['jigsaw 9x9', { size: 9, jigsaw: true }],
  ['jigsaw 6x6', { size: 6, jigsaw: true }],
  ['x', { size: 9, variants: 'x' }],
  ['hyper', { size: 9, variants: 'hyper' }],
  ['disjoint', { size: 9, variants: 'disjoint' }],
  ['anti-knight', { size: 9, variants: 'anti-knight' }],
  ['anti-king', { size: 9, variants: 'anti-king' }],
  ['non-consecutive', { size: 9, variants: 'non-consecutive' }],
  ['x + jigsaw', { size: 9, jigsaw: true, variants: 'x' }],
];
