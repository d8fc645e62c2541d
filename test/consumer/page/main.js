import { createGame, restoreGame, saveGame } from 'stccg-rules';
import example from '../boarding-party.json';
import { playSaveRestore } from '../game-check.js';

const out = document.getElementById('out');
try {
  out.textContent = JSON.stringify(playSaveRestore({ createGame, saveGame, restoreGame }, example));
} catch (error) {
  out.textContent = `error: ${error.message}`;
  throw error;
}
