import { battleMachine, createGame, restoreGame, saveGame } from 'stccg-rules';
import { chartOf, mermaidOf, recordGame, svgOf } from 'stccg-rules/debug';
import { runScenarioData } from 'stccg-rules/scenario';
import example from '../boarding-party.json';
import { playSaveRestore } from '../game-check.js';
import ruling from '../ruling.json';

// The core, and the browser-safe entries: a game played, saved and restored; a game recorded as a
// trace; a statechart drawn as Mermaid and SVG text; a ruling run.
const out = document.getElementById('out');
try {
  const played = playSaveRestore({ createGame, saveGame, restoreGame }, example);
  const { game, recorder } = recordGame(example.setup, { seed: example.seed, title: 'in a page' });
  game.send(example.log[0]);
  const chart = chartOf('battle', battleMachine);
  const svg = await svgOf(chart);
  out.textContent = JSON.stringify({
    ...played,
    traced: recorder.trace().records.some((record) => record.type === 'rule'),
    mermaid: mermaidOf(chart).includes('stateDiagram-v2'),
    svg: svg.startsWith('<svg'),
    ruling: runScenarioData(ruling, 'ruling.json').status,
  });
} catch (error) {
  out.textContent = `error: ${error.message}`;
  throw error;
}
