import { useState, useSyncExternalStore } from 'react';
import type { HostedGame } from '../hosted.ts';

/** How the console follows the game, in words. */
const LIVE: Readonly<Record<string, string>> = {
  off: 'not following',
  joining: 'joining as a spectator…',
  following: 'following live (a spectator)',
  reconnecting: 'connection lost: coming back…',
  closed: 'not following (closed)',
};

/**
 * The judge's console: the hosted game shown, the step of it shown and the last step read, what was
 * checked of its journal, following it live, and its replay link at the step shown.
 */
export function HostedPanel({ hosted }: { hosted: HostedGame }) {
  const state = useSyncExternalStore(hosted.subscribe, () => hosted.state);
  const [link, setLink] = useState<string | null>(null);
  const page = `${window.location.origin}${window.location.pathname}`;
  return (
    <section className="panel hosted" aria-labelledby="hosted-title" data-testid="hosted">
      <h2 id="hosted-title">Hosted game</h2>
      <p>
        Game <code>{hosted.id}</code> on <code>{hosted.host}</code>
        {state.ended ? ', ended' : ', in play'}; replays{' '}
        {state.replays === 'public' ? 'public once ended' : 'by token'}.
      </p>
      <p data-testid="hosted-step" aria-live="polite">
        Step {hosted.step} of {state.last}
      </p>
      <p className="muted" data-testid="hosted-checked">
        {state.checked} steps checked here: they run on one by one from the game's start, each chained to the
        seal before it, and each command, played again by the engine, gives exactly the stored rule events.
        (The seals themselves are the host's HMACs: the host checks them with its key before it answers.)
      </p>
      <div className="buttons">
        <span data-testid="hosted-live">{LIVE[state.live]}</span>
        {(state.live === 'off' || state.live === 'closed') && !state.ended && (
          <button type="button" onClick={() => void hosted.follow()}>
            Follow live
          </button>
        )}
        <button type="button" onClick={() => void hosted.pull()}>
          Fetch new steps
        </button>
        {!hosted.onItsLine && (
          <button type="button" onClick={() => hosted.backToGame()}>
            Back to the hosted game
          </button>
        )}
        <button type="button" onClick={() => setLink(hosted.linkHere(page))}>
          Replay link at this step
        </button>
      </div>
      {state.problem && (
        <p className="problem" role="alert" data-testid="hosted-problem">
          {state.problem}
        </p>
      )}
      {link && (
        <p>
          <label htmlFor="hosted-link">
            For a rules bug report (it carries the game's replay token, if any):
          </label>
          <input
            id="hosted-link"
            data-testid="hosted-link"
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
            className="link"
          />
        </p>
      )}
    </section>
  );
}
