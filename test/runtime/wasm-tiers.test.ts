import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { wasmLiftoffOnly } from '../../src/wasm-tiers.ts';

const POSTGRES = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tasksvc' };

describe('WASM_LIFTOFF_ONLY', () => {
  it('is on for PostgreSQL and off for the embedded database unless set', () => {
    expect(wasmLiftoffOnly(parseConfig(POSTGRES))).toBe(true);
    expect(wasmLiftoffOnly(parseConfig({}))).toBe(false);
    expect(wasmLiftoffOnly(parseConfig({ ...POSTGRES, WASM_LIFTOFF_ONLY: 'false' }))).toBe(false);
    expect(wasmLiftoffOnly(parseConfig({ ...POSTGRES, WASM_LIFTOFF_ONLY: '0' }))).toBe(false);
    expect(wasmLiftoffOnly(parseConfig({ WASM_LIFTOFF_ONLY: 'true' }))).toBe(true);
    expect(wasmLiftoffOnly(parseConfig({ WASM_LIFTOFF_ONLY: '1' }))).toBe(true);
    expect(() => parseConfig({ WASM_LIFTOFF_ONLY: 'yes' })).toThrow(/WASM_LIFTOFF_ONLY/);
  });

  it('sets a flag V8 knows, and WebAssembly still runs under it', async () => {
    // The smallest module with an exported function: (func (export "answer") (result i32) i32.const 42).
    const child = `
      import { applyWasmTiers } from ${JSON.stringify(new URL('../../src/wasm-tiers.ts', import.meta.url).pathname)};
      applyWasmTiers({ WASM_LIFTOFF_ONLY: true });
      const bytes = Uint8Array.from([0,97,115,109,1,0,0,0,1,5,1,96,0,1,127,3,2,1,0,7,10,1,6,97,110,115,119,101,114,0,0,10,6,1,4,0,65,42,11]);
      const { instance } = await WebAssembly.instantiate(bytes);
      process.stdout.write(String(instance.exports.answer()));
    `;
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], {
      encoding: 'utf8',
    });
    // V8 reports an unknown flag on stderr and carries on: a renamed flag must fail here.
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('42');
  }, 60_000);
});
