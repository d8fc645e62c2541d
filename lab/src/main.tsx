import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { builtInPositions } from './positions.ts';
import './lab.css';

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root');
const first = builtInPositions()[0]!;
createRoot(root).render(
  <StrictMode>
    <App initial={first.open()} />
  </StrictMode>,
);
