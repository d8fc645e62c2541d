import type { Command, Game } from 'stccg-rules';
import { doorOf } from '../host-effects.ts';
import { commandInWords } from '../words.ts';

interface Props {
  game: Game;
  send: (command: Command) => void;
  /** The sides the computer plays (`stccg-rules/bot`): their commands are its to choose. */
  computer: ReadonlySet<string>;
  /** The computer's last choice for each side it plays, explained. */
  explained: Readonly<Record<string, string>>;
  toggleComputer: (player: string, on: boolean) => void;
}

/**
 * Every legal command of each player (from `legalCommands`), one button each, the two sides side by
 * side; either side may be handed to the computer, which then plays it by itself and says why.
 */
export function LegalCommandsPanel({ game, send, computer, explained, toggleComputer }: Props) {
  const players = game.board().players;
  return (
    <section className="panel" aria-labelledby="legal-title">
      <h2 id="legal-title">Play both sides, or against the computer</h2>
      <div className="sides">
        {players.map((player) => {
          const legal = game.legalCommands(player).filter((command) => doorOf(command) === 'player');
          const byComputer = computer.has(player);
          return (
            <fieldset key={player} className="side" aria-label={`${player}'s legal commands`}>
              <legend>
                {player} <small>({legal.length} legal)</small>{' '}
                <label className="computer-side">
                  <input
                    type="checkbox"
                    checked={byComputer}
                    onChange={(event) => toggleComputer(player, event.target.checked)}
                  />{' '}
                  computer
                </label>
              </legend>
              {byComputer ? (
                <p className="computer-choice" data-testid={`computer-${player}`}>
                  {explained[player] ??
                    'The computer plays this side: it answers whenever the game awaits it.'}
                </p>
              ) : legal.length === 0 ? (
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
