import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering: each part of the code imports only from itself and from the layers below it, so that
 * what is low (the model, the rules) is read, tested and driven (by the statecharts or by the kernel)
 * without anything built on it, and the two drivers stay interchangeable. bench/ and test/ stand
 * outside the layers: they may import anything, and nothing inside imports them.
 */

/**
 * The layers, lowest first; each holds parts (a folder, or one file) side by side, which never import
 * one another. A file belongs to the part of the longest path that holds it.
 */
const LAYERS: readonly (readonly string[])[] = [
  // Plain data: the board, cards, commands, events, the clauses they cite.
  ['src/model'],
  // The card library: card facts and effect descriptors, the pool, the importer.
  ['src/cards'],
  // Pure functions, one concern each, citing their clauses.
  ['src/rules'],
  // The two drivers of the rules: the statecharts, and the kernel.
  ['machines', 'src/kernel'],
  // The client API over a driver: the Game, saves, views, seats.
  ['src/game'],
  // What uses games: odds, scenarios, traces and charts, the computer opponent, the demo.
  ['src/odds', 'src/scenario', 'src/debug', 'src/bot', 'src/demo'],
  // The package's entries (package.json's exports), gathering the public API of the layers below.
  [
    'src/index.ts',
    'src/cards/index.ts',
    'src/cards/import/index.ts',
    'src/debug/index.ts',
    'src/scenario/index.ts',
    'src/bot/index.ts',
    'src/node/index.ts',
  ],
  // The game server, a client of the core entry.
  ['host'],
  // The client's kit (stccg-rules/client): a seat at a game on a host, for browsers and Node. It speaks
  // the host's wire vocabulary (host/protocol.ts) and nothing else of the server's (checked below).
  ['client'],
  // Programs: the stccg command, the lab, the build and docs scripts, the examples.
  ['src/cli', 'lab', 'scripts', 'examples'],
];

/** Outside the layers: they may import anything, and no layered file imports them. */
const OUTSIDE = ['bench', 'test'];

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

/** The layered files: every source file under the layers' top folders. */
function sourceFiles(): string[] {
  const tops = new Set(LAYERS.flat().map((part) => part.split('/')[0]!));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path);
      else if (entry.isFile() && SOURCE.test(entry.name)) files.push(path);
    }
  };
  for (const top of tops) walk(top);
  return files;
}

/**
 * What a source file imports: `from '...'` (imports and re-exports, type-only too), `import '...'`
 * and `import('...')` (dynamic, or in a type). Comments are left out: they name files, they import none.
 */
function importsOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!);
}

/** The package's own name, as a client (the lab) imports it: to the entry file's source. */
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string | { types?: string }>;
};

/** Where an import specifier leads, as a path from the root; undefined for another package's. */
function target(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return relative(ROOT, resolve(ROOT, dirname(file), specifier));
  if (specifier !== PACKAGE.name && !specifier.startsWith(`${PACKAGE.name}/`)) return undefined;
  const entry = PACKAGE.exports[`.${specifier.slice(PACKAGE.name.length)}`];
  const types = typeof entry === 'object' ? entry.types : entry;
  return types?.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts');
}

/** The part a path belongs to: the longest part that holds it. */
function partOf(path: string): string | undefined {
  let found: string | undefined;
  for (const part of LAYERS.flat()) {
    if ((path === part || path.startsWith(`${part}/`)) && part.length > (found?.length ?? -1)) found = part;
  }
  return found;
}

const layerOf = (part: string) => LAYERS.findIndex((layer) => layer.includes(part));

const read = (file: string): [string, string] => [file, readFileSync(join(ROOT, file), 'utf8')];

/** Every import that breaks the layering, as `file → specifier (why)`, of files and their texts. */
function breaches(files: ReadonlyArray<readonly [file: string, text: string]>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const from = partOf(file)!;
    for (const specifier of importsOf(text)) {
      const path = target(file, specifier);
      if (path === undefined) continue;
      if (OUTSIDE.some((outside) => path === outside || path.startsWith(`${outside}/`))) {
        found.push(`${file} → ${specifier} (${path.split('/')[0]}/ is outside the layers)`);
        continue;
      }
      const to = partOf(path);
      if (to === undefined) {
        found.push(`${file} → ${specifier} (${path} is in no layer)`);
      } else if (to !== from && layerOf(to) > layerOf(from)) {
        found.push(`${file} → ${specifier} (${to} is above ${from})`);
      } else if (to !== from && layerOf(to) === layerOf(from)) {
        found.push(`${file} → ${specifier} (${to} is beside ${from}: neither imports the other)`);
      }
    }
  }
  return found;
}

describe('the layering: each part imports only from itself and from the layers below it', () => {
  it('every source file of src/, machines/, host/, client/, lab/, scripts/ and examples/ is in a layer', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(150);
    expect(files.filter((file) => partOf(file) === undefined)).toEqual([]);
  });

  it('no file imports from a higher layer, from a part beside its own (machines/ and src/kernel/ among them), or from bench/ or test/', () => {
    expect(breaches(sourceFiles().map(read))).toEqual([]);
  });

  it('the clause ids live in the model: src/model imports nothing but src/model', () => {
    const model = sourceFiles().filter((file) => partOf(file) === 'src/model');
    const outside = model.flatMap((file) =>
      importsOf(readFileSync(join(ROOT, file), 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => target(file, specifier)!)
        .filter((path) => partOf(path) !== 'src/model')
        .map((path) => `${file} → ${path}`),
    );
    expect(model).toContain('src/model/clauses.ts');
    expect(outside).toEqual([]);
  });

  it('the client’s kit runs in browsers: of the layers below, it imports the core entry and the wire vocabulary alone, no node: module and no server package', () => {
    const kit = sourceFiles().filter((file) => partOf(file) === 'client');
    expect(kit).toContain('client/index.ts');
    const outside = kit.flatMap((file) =>
      importsOf(readFileSync(join(ROOT, file), 'utf8'))
        .filter((specifier) => {
          if (!specifier.startsWith('.')) return specifier !== 'colyseus.js';
          const path = target(file, specifier)!;
          return partOf(path) !== 'client' && path !== 'src/index.ts' && path !== 'host/protocol.ts';
        })
        .map((specifier) => `${file} → ${specifier}`),
    );
    expect(outside).toEqual([]);
  });

  it('the check reads every kind of import (static, re-export, type-only, side effect, dynamic), no comment, and names each breach', () => {
    const text = [
      "import { a } from '../src/rules/a.ts';",
      "import type { B } from '../src/rules/b.ts';",
      "export { c } from './c.ts';",
      "export * from './d.ts';",
      "import './e.css';",
      "const f = await import('../f.ts');",
      "let g: typeof import('./g.ts');",
      'import {',
      '  h,',
      "} from './h.ts';",
      "// import { i } from './i.ts';",
      "/** import { j } from './j.ts'; */",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      '../src/rules/a.ts',
      '../src/rules/b.ts',
      './c.ts',
      './d.ts',
      './e.css',
      '../f.ts',
      './g.ts',
      './h.ts',
    ]);
    expect(
      breaches([
        ['src/model/board.ts', "import type { ClauseId } from '../rules/clauses.ts';"],
        ['src/kernel/step.ts', "import { gameMachine } from '../../machines/game.machine.ts';"],
        ['machines/game.machine.ts', "import type { Game } from '../src/game/game.ts';"],
        ['src/rules/table.ts', "import { libraryFor } from '../cards/library-for.ts';"],
        ['src/cli/demo.ts', "import { game } from '../../test/table.ts';"],
        ['lab/src/computer.ts', "import { chooseCommand } from 'stccg-rules/bot';"],
        ['src/bot/act.ts', "import { chooseCommand } from 'stccg-rules/bot';"],
      ]),
    ).toEqual([
      'src/model/board.ts → ../rules/clauses.ts (src/rules is above src/model)',
      'src/kernel/step.ts → ../../machines/game.machine.ts (machines is beside src/kernel: neither imports the other)',
      'machines/game.machine.ts → ../src/game/game.ts (src/game is above machines)',
      'src/cli/demo.ts → ../../test/table.ts (test/ is outside the layers)',
      'src/bot/act.ts → stccg-rules/bot (src/bot/index.ts is above src/bot)',
    ]);
  });
});
