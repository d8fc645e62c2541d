import type { Command, Game } from 'stccg-rules';
import { doorOf } from '../host-effects.ts';
import { commandInWords } from '../words.ts';

interface Props {
  game: Game;
  send: (command: Command) => void;
}

/** Every legal command of each player (from `legalCommands`), one button each, the two sides side by side. */
export function LegalCommandsPanel({ game, send }: Props) {
  const players = game.board().players;
  return (
    <section className="panel" aria-labelledby="legal-title">
      <h2 id="legal-title">Play both sides</h2>
      <div className="sides">
        {players.map((player) => {
          const legal = game.legalCommands(player).filter((command) => doorOf(command) === 'player');
          return (
            <fieldset key={player} className="side" aria-label={`${player}'s legal commands`}>
              <legend>
                {player} <small>({legal.length} legal)</small>
              </legend>
              {legal.length === 0 ? (
                <p className="muted">Nothing to do now.</p>
              ) : (
                <ul className="commands">
                  {legal.map((command) => {
                    const words = commandInWords(game, command);
                    return (
                      <li key={JSON.stringify(command)}>
                        <button
                          type="button"
                          className={`command c-${command.type}`}
                          data-command={command.type}
                          data-player={player}
                          onClick={() => send(command)}
                        >
                          {words}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </fieldset>
          );
        })}
      </div>
    </section>
  );
}
