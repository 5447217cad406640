// The play page in Debian's chromium (playwright-core, no browser download),
// opened from file://: play a puzzle to the end by keyboard, the three hint
// levels against the library's step, every difficulty, check my progress,
// a share link reloaded; screenshots of a desktop and a phone kept in
// web/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { createNonet } from '../dist/nonet.js';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pageUrl = pathToFileURL(path.join(web, 'page/index.html')).href;
const shots = process.env.NONET_SCREENSHOTS || path.join(web, 'screenshots');
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const b64 = (s) => Buffer.from(s).toString('base64url');

let browser, profile, nonet;
before(async () => {
  nonet = await createNonet();
  profile = mkdtempSync(path.join(tmpdir(), 'nonet-chromium-'));
  browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    // playwright gives chromium a fresh temporary --user-data-dir of its own
    // (it refuses the flag here); `profile` holds its downloads and temp files
    downloadsPath: profile,
  });
});
after(async () => {
  await browser?.close();
  rmSync(profile, { recursive: true, force: true });
});

async function open(hash = '', viewport = { width: 1280, height: 860 }) {
  const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: viewport.width < 600 });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pageUrl + hash);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 60000 });
  page.errors = errors;
  return page;
}
const shareOf = (text) => `#p=${b64(text)}`;
const cellsWith = (page, cls) =>
  page.$$eval(`.cell.${cls}`, (els) => els.map((e) => +e.dataset.cell).sort((a, b) => a - b));
const rcCells = (list, n) => list.map(([r, c]) => (r - 1) * n + c - 1).sort((a, b) => a - b);

const EASY = '..3.61..7.923.54...6.7.......5.....6...6........9.453.4.9............2...3.2...5.';

test('play a puzzle to the end by keyboard', async () => {
  const page = await open(shareOf(EASY));
  const [sol] = nonet.solve(EASY);
  const solution = sol.solutions[0];
  await page.click('.cell[data-cell="0"]');
  for (let r = 0; r < 9; r++) {
    for (let c = 0; c < 9; c++) {
      if (EASY[r * 9 + c] === '.') await page.keyboard.press(solution[r * 9 + c]);
      await page.keyboard.press('ArrowRight'); // wraps to column 1 after column 9
    }
    await page.keyboard.press('ArrowDown');
  }
  await page.waitForSelector('body[data-solved="1"]', { timeout: 5000 });
  assert.match(await page.textContent('#message'), /^Solved in \d+:\d\d!/);
  assert.equal((await cellsWith(page, 'conflict')).length, 0);
  // undo takes the last digit back, redo puts it again
  await page.keyboard.press('Control+z');
  assert.equal(await page.$eval('body', (b) => b.dataset.solved || ''), '');
  await page.keyboard.press('Control+y');
  assert.equal(await page.$eval('body', (b) => b.dataset.solved), '1');
  assert.deepEqual(page.errors, []);
});

test('hints at three levels highlight the library\'s step', async () => {
  // a puzzle whose first step removes candidates (not a single)
  const lines = readFileSync(path.join(web, '../tests/golden/human_rate_json/input'), 'utf8').trim().split('\n');
  const p = lines[5]; // ED 2.6: its first step is pointing or claiming
  const page = await open(shareOf(p));
  const [step] = nonet.hint(p, 3);
  assert.ok(step.eliminations.length > 0, 'the sample needs a step with eliminations');
  await page.click('#hint1');
  assert.equal(await page.textContent('#message'), `${step.name} (${step.rating.toFixed(1)})`);
  assert.deepEqual(await cellsWith(page, 'hint-cell'), []);
  await page.click('#hint2');
  assert.deepEqual(await cellsWith(page, 'hint-cell'), rcCells(step.pattern.cells, 9));
  assert.match(await page.textContent('#message'), new RegExp(`^${step.name}: `));
  await page.click('#hint3');
  assert.deepEqual(await cellsWith(page, 'hint-cell'), rcCells(step.pattern.cells, 9));
  const elims = await page.$$eval('.cands span.elim', (els) =>
    els.map((e) => [+e.closest('.cell').dataset.cell, +e.dataset.digit]).sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  const want = step.eliminations.map(([r, c, d]) => [(r - 1) * 9 + c - 1, d]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  assert.deepEqual(elims, want);
  await page.screenshot({ path: path.join(shots, 'desktop.png') });
  // applying it, the next hint is the library's next step from that state
  await page.click('#apply');
  const x = nonet.explain(p);
  await page.click('#hint1');
  assert.equal(await page.textContent('#message'), `${x[1].name} (${x[1].rating.toFixed(1)})`);
  // the whole solution explained
  await page.click('#explain');
  assert.equal(await page.$$eval('#steps li', (l) => l.length), x.length - 1);
  assert.deepEqual(page.errors, []);
});

test('check my progress names a mistake', async () => {
  const page = await open(shareOf(EASY));
  const [sol] = nonet.solve(EASY);
  const first = [...EASY].indexOf('.');
  const right = +sol.solutions[0][first];
  await page.click(`.cell[data-cell="${first}"]`);
  // a centre mark set without the solution's digit: the candidate is lost
  const other = right === 1 ? 2 : 1;
  await page.keyboard.press(`Control+${other}`);
  await page.click('#check');
  const rc = `r${Math.floor(first / 9) + 1}c${(first % 9) + 1}`;
  assert.equal(await page.textContent('#message'), `${rc} has lost its candidate ${right}`);
  assert.deepEqual(await cellsWith(page, 'mistake'), [first]);
  await page.keyboard.press('Control+z');
  await page.keyboard.press(String(other));
  await page.click('#check');
  assert.equal(await page.textContent('#message'), `${rc} holds ${other}, the solution has ${right} there`);
});

test('a new puzzle of each difficulty, its rating in the band', async () => {
  const page = await open(shareOf(EASY));
  const bands = { easy: [1.0, 1.5], medium: [1.6, 2.5], hard: [2.6, 4.4], fiendish: [4.5, 6.2], diabolical: [6.3, 8.9], nightmare: [9.0, 99] };
  for (const [name, [lo, hi]] of Object.entries(bands)) {
    await page.selectOption('#difficulty', name);
    await page.click('#new');
    await page.waitForFunction((n) => document.getElementById('rating').textContent.includes(`(${n})`), name, { timeout: 120000 });
    const er = parseFloat((await page.textContent('#rating')).slice(3));
    // the generator gives up a band after 200 tries and returns the closest:
    // the page must then say so
    const msg = await page.textContent('#message');
    if (er < lo || er > hi) assert.match(msg, new RegExp(`^No ${name} puzzle .* the closest: ER ${er.toFixed(1)}`));
    else assert.match(msg, new RegExp(`${name} puzzle: \\d+ givens, ER ${er.toFixed(1)}`));
    const givens = await page.$$eval('.cell.given', (l) => l.length);
    assert.ok(givens >= 17 && givens < 81);
  }
  assert.deepEqual(page.errors, []);
});

test('every shape draws: regions, windows, diagonals, dots', async () => {
  const page = await open(shareOf(EASY));
  const cases = [['4', 16], ['6', 36], ['8', 64], ['12', 144], ['16', 256], ['j9', 81], ['9:x', 81], ['9:hyper', 81], ['9:disjoint', 81], ['9:anti-king', 81]];
  await page.selectOption('#difficulty', 'easy');
  for (const [value, cells] of cases) {
    await page.selectOption('#shape', value);
    await page.click('#new');
    await page.waitForFunction(() => /\(easy\)/.test(document.getElementById('rating').textContent) && !document.body.dataset.busy, null, { timeout: 60000 });
    await page.waitForFunction((c) => document.querySelectorAll('.cell').length === c, cells);
    if (value === '9:hyper') assert.equal(await page.$$eval('.cell.shade', (l) => l.length), 36);
    if (value === '9:x') assert.ok(await page.$('#overlay line'));
    if (value === '9:disjoint') assert.equal(await page.$$eval('.cell .dot', (l) => l.length), 81);
    if (value === 'j9') {
      assert.match(await page.textContent('#caption'), /Jigsaw/);
      await page.screenshot({ path: path.join(shots, 'jigsaw.png') });
    }
  }
  assert.deepEqual(page.errors, []);
});

test('a share link reopens the puzzle and the progress; a phone layout', async () => {
  const page = await open(shareOf(EASY));
  const first = [...EASY].indexOf('.');
  await page.click(`.cell[data-cell="${first}"]`);
  await page.keyboard.press('Shift+4'); // corner mark
  await page.keyboard.press('Control+5'); // centre mark
  await page.keyboard.press('ArrowRight');
  const second = first + 1;
  assert.equal(EASY[second], '.');
  await page.keyboard.press('8');
  await page.waitForTimeout(1200);
  await page.click('#share');
  const url = await page.inputValue('#share-url');
  assert.ok(url.startsWith(pageUrl + '#p='));
  const phone = await open(url.slice(pageUrl.length), { width: 390, height: 844 });
  const text = (p, c) => p.$eval(`.cell[data-cell="${c}"]`, (e) => e.textContent);
  assert.equal(await text(phone, first), await text(page, first));
  assert.equal(await text(phone, first), '45');
  assert.equal(await text(phone, second), '8');
  assert.notEqual(await phone.textContent('#timer'), '0:00');
  // the phone's grid fits its width
  const box = await phone.$eval('#board', (b) => b.getBoundingClientRect().width);
  assert.ok(box <= 390 && box > 300, `board ${box}px wide`);
  await phone.tap(`.cell[data-cell="${second + 1}"]`);
  assert.deepEqual(await cellsWith(phone, 'sel'), [second + 1]);
  await phone.screenshot({ path: path.join(shots, 'phone.png'), fullPage: false });
  assert.ok(existsSync(path.join(shots, 'phone.png')));
});

test('import: a grid, a pencilmark line and a bad text', async () => {
  const page = await open(shareOf(EASY));
  const grid = EASY.match(/.{9}/g).join('\n') + '\n';
  await page.click('#import-box summary');
  await page.fill('#import-text', grid);
  await page.click('#import');
  assert.equal(await page.textContent('#message'), 'Imported a 9x9 puzzle.');
  const givens = await page.$$eval('.cell.given', (l) => l.map((e) => +e.dataset.cell));
  assert.deepEqual(givens, [...EASY].flatMap((ch, i) => (ch === '.' ? [] : [i])));
  await page.fill('#import-text', '1.......3..2...4\n');
  await page.click('#import');
  assert.equal(await page.$$eval('.cell', (l) => l.length), 16);
  await page.fill('#import-text', '12345\n');
  await page.click('#import');
  assert.match(await page.textContent('#message'), /^nonet: -:1: /);
  assert.equal(await page.$$eval('.cell', (l) => l.length), 16); // the puzzle stays
});
