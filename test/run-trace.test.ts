import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.ts';
import { parseTrace } from '../src/debug/index.ts';
import { tempFolder } from './support/temp.ts';

describe('stccg run --trace', () => {
  it('records a scenario game as a trace the viewer reads, rule events and clauses included', async () => {
    const dir = tempFolder('run-trace');
    const out = join(dir, 'ruling.jsonl');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const warn = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const code = await main([
        'run',
        'examples/rulings/battle-4d-face-up-is-announced.json',
        '--trace',
        out,
      ]);
      expect(code).toBe(0);
    } finally {
      write.mockRestore();
      warn.mockRestore();
    }
    const trace = parseTrace(readFileSync(out, 'utf8'));
    const rules = trace.records.filter((record) => record.type === 'rule') as Array<{ clause: string }>;
    expect(rules.map((rule) => rule.clause)).toContain('BATTLE-4d');
    expect(trace.records.some((record) => record.type === 'snapshot')).toBe(true);
  });
});
