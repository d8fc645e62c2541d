import { createGame, SetupError } from 'stccg-rules';
import example from '../boarding-party.json';

// A createGame-only program, and a setup the schema refuses: its message quotes zod's, in English.
const game = createGame(example.setup, { seed: example.seed });
let message = '';
try {
  createGame({ ...example.setup, locations: 5 });
} catch (error) {
  if (error instanceof SetupError) message = error.message;
}
console.log(JSON.stringify({ step: game.step(), message }));
