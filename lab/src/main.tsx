import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { carriedIn } from './exports.ts';
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

createRoot(root).render(
  <StrictMode>
    <App initial={firstSession()} />
  </StrictMode>,
);
