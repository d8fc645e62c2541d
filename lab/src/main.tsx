import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { carriedIn } from './exports.ts';
import { HostedGame, replayAddressIn } from './hosted.ts';
import { builtInPositions, opening } from './positions.ts';
import { LabSession } from './session.ts';
// The palette and the lit statecharts, shared with the trace viewer; then the lab's own styles.
import '../../src/debug/viewer/statechart.css';
import './lab.css';

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root');

/** The position the address carries (a link from the lab), or else the demo. */
function firstSession(): LabSession {
  const carried = carriedIn(window.location.hash);
  if (carried) {
    const opened = opening(() => {
      const session = LabSession.queued(carried.origin, carried.commands);
      session.goTo(carried.cursor);
      return session;
    }, 'the link');
    if (opened.ok) return opened.session;
  }
  return builtInPositions()[0]!.open();
}

const page = createRoot(root);

/**
 * A replay link (`#replay=<host>/games/<id>&token=…&step=N`) opens the judge's console on that game,
 * following it live while it is in play; any other address opens the lab as it carries.
 */
async function start(): Promise<void> {
  const address = replayAddressIn(window.location.hash);
  if (!address) return page.render(<Lab initial={firstSession()} />);
  page.render(<p className="opening">Opening the game from {address.game}…</p>);
  try {
    const hosted = await HostedGame.open(address);
    page.render(<Lab initial={hosted.session} hosted={hosted} />);
    if (!hosted.state.ended) void hosted.follow();
  } catch (error) {
    page.render(<Lab initial={builtInPositions()[0]!.open()} problem={(error as Error).message} />);
  }
}

function Lab(props: Parameters<typeof App>[0]) {
  return (
    <StrictMode>
      <App {...props} />
    </StrictMode>
  );
}

void start();
