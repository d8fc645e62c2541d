import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allClauses, clause } from '../src/index.ts';
import { SPEC_CLAUSES } from '../src/model/clauses.ts';

// The specification is part of the repository (spec/): nothing reads outside it.
const specPath = fileURLToPath(new URL('../spec/CLAUSES.md', import.meta.url));

describe('the clause texts the engine cites', () => {
  it('carry every clause of the specification, word for word', () => {
    const spec = readFileSync(specPath, 'utf8');
    const rows = [...spec.matchAll(/^\| ((?:HOLO|BATTLE)-[A-Za-z0-9-]+) \| (.*) \|$/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows.length).toBeGreaterThan(30);
    expect(Object.entries(SPEC_CLAUSES)).toEqual(rows);
  });

  it('mark the engine’s own clauses as such', () => {
    expect(clause('HOLO-EMIT-2').source).toBe('spec');
    expect(clause('GAME-TURN-1').source).toBe('engine');
    expect(allClauses().every((c) => c.text.length > 20)).toBe(true);
  });
});
