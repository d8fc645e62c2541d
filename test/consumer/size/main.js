import { createGame } from 'stccg-rules';
import example from '../boarding-party.json';

const game = createGame(example.setup, { seed: example.seed });
document.getElementById('out').textContent = String(game.step());
