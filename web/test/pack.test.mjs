// npm pack makes a package that installs offline into a scratch folder and
// works there, types included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

test('npm pack, npm install ./nonet-x.y.z.tgz offline, import and use it', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'nonet-pack-'));
  try {
    const out = npm(['pack', '--json', '--pack-destination', scratch], web);
    const [info] = JSON.parse(out);
    const files = info.files.map((f) => f.path).sort();
    assert.deepEqual(files, ['README.md', 'dist/nonet-wasm.js', 'dist/nonet.d.ts', 'dist/nonet.js', 'dist/nonet.wasm', 'package.json']);
    const tgz = path.join(scratch, info.filename);
    const app = path.join(scratch, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }));
    npm(['install', '--offline', '--no-audit', '--no-fund', tgz], app);
    assert.ok(existsSync(path.join(app, 'node_modules/nonet/dist/nonet.d.ts')));
    writeFileSync(path.join(app, 'main.js'), `
import { createNonet } from 'nonet';
const nonet = await createNonet();
const [s] = nonet.solve('1.......3..2...4');
const [g] = nonet.generate({ size: 6, difficulty: 'easy', seed: 5 });
const [r] = nonet.rate(g.nonet);
console.log(JSON.stringify({ version: nonet.version(), status: s.status, solution: s.solutions[0], er: r.er, gen: g.er }));
`);
    const res = JSON.parse(execFileSync('node', ['main.js'], { cwd: app, encoding: 'utf8' }));
    assert.equal(res.version, JSON.parse(readFileSync(path.join(web, 'package.json'), 'utf8')).version);
    assert.equal(res.status, 'unique');
    assert.equal(res.solution, '1243432134122134');
    assert.equal(res.er, res.gen);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
