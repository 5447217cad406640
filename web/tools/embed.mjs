// embed.mjs IN.wasm OUT.js - writes an ES module whose default export is the
// bytes of IN.wasm (base64 inside), for pages opened from file:// where
// fetch() of a local file is blocked.
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
const b64 = readFileSync(input).toString('base64');
writeFileSync(output, `// Generated from nonet.wasm by tools/embed.mjs; do not edit.
const b64 = '${b64}';
export default function wasmBytes() {
  if (typeof Buffer !== 'undefined') return new Uint8Array(Buffer.from(b64, 'base64'));
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
`);
