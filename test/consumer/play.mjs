// Plain Node, no loader: the package as a client installs it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as engine from 'stccg-rules';
import { recordTrace } from 'stccg-rules/debug';
import { parallelBattleOdds, writeTrace } from 'stccg-rules/node';
import { runScenarioData, scenarioJsonSchema } from 'stccg-rules/scenario';
import { playSaveRestore } from './game-check.js';

const example = JSON.parse(readFileSync(new URL('./boarding-party.json', import.meta.url), 'utf8'));
const entries = [recordTrace, writeTrace, runScenarioData, parallelBattleOdds].map((f) => typeof f);
// Odds on two worker threads, from the built worker module: the same report as on this thread.
const options = { battles: 6, seed: 3 };
const odds = await parallelBattleOdds(engine.DEMO_BATTLE_SETUP, { ...options, workers: 2 });
const sameOdds =
  JSON.stringify(odds) === JSON.stringify(engine.battleOdds(engine.DEMO_BATTLE_SETUP, options));
// The scenario files' JSON Schema, for an editor's `$schema`: the file the package ships is exported.
const schemaFile = createRequire(import.meta.url).resolve('stccg-rules/schema/scenario.schema.json');
const schema =
  JSON.stringify(JSON.parse(readFileSync(schemaFile, 'utf8'))) === JSON.stringify(scenarioJsonSchema());
process.stdout.write(
  `${JSON.stringify({ ...playSaveRestore(engine, example), entries, sameOdds, schema })}\n`,
);
