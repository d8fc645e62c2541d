// Plain Node, no loader: the package as a client installs it.
import { readFileSync } from 'node:fs';
import * as engine from 'stccg-rules';
import { recordTrace } from 'stccg-rules/debug';
import { writeTrace } from 'stccg-rules/node';
import { runScenarioData } from 'stccg-rules/scenario';
import { playSaveRestore } from './game-check.js';

const example = JSON.parse(readFileSync(new URL('./boarding-party.json', import.meta.url), 'utf8'));
const entries = [recordTrace, writeTrace, runScenarioData].map((f) => typeof f);
process.stdout.write(`${JSON.stringify({ ...playSaveRestore(engine, example), entries })}\n`);
