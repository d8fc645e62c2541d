import { useState } from 'react';
import { runScenario, type ScenarioResult } from 'stccg-rules/scenario';
import { download, fileNameOf, linkFragmentOf, scenarioOf } from '../exports.ts';
import type { LabSession } from '../session.ts';

/**
 * Export: the session as a scenario file (checked here by the engine's own scenario runner before it
 * is offered), as a trace for `stccg view`, and as a link carrying the position.
 */
export function ExportPanel({ session }: { session: LabSession }) {
  const [checked, setChecked] = useState<ScenarioResult | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const name = fileNameOf(session.origin.title);

  const exportScenario = () => {
    const scenario = scenarioOf(session);
    const result = runScenario(scenario, `${name}.json`);
    setChecked(result);
    download(`${name}.json`, `${JSON.stringify(scenario, null, 2)}\n`, 'application/json');
  };

  return (
    <section className="panel export" aria-labelledby="export-title" data-testid="export">
      <h2 id="export-title">Export</h2>
      <p className="muted">
        Up to the point shown ({session.cursor} of {session.entries.length} commands).
      </p>
      <div className="buttons">
        <button type="button" onClick={exportScenario}>
          Scenario file (.json)
        </button>
        <button
          type="button"
          onClick={() => download(`${name}.jsonl`, session.recorder.text(), 'application/x-ndjson')}
        >
          Trace for the viewer (.jsonl)
        </button>
        <button
          type="button"
          onClick={() => {
            const fragment = linkFragmentOf(session);
            window.history.replaceState(null, '', fragment);
            setLink(window.location.href);
          }}
        >
          Link to this position
        </button>
      </div>
      {checked && (
        <p data-testid="export-check" className={checked.status === 'passed' ? 'passed' : 'problem'}>
          {checked.status === 'passed'
            ? `The scenario runner passes it: ${checked.steps.length} steps ✓ (stccg run ${name}.json)`
            : `The scenario runner does not pass it (${checked.status}): ${
                checked.error
                  ? `${checked.error.path}: ${checked.error.expected}`
                  : checked.steps
                      .filter((step) => step.status === 'failed')
                      .map(
                        (step) => `step ${step.index + 1}: ${step.differences.map((d) => d.path).join(', ')}`,
                      )
                      .join('; ')
              }`}
        </p>
      )}
      {link && (
        <p>
          <label htmlFor="export-link">The link (the address bar holds it too):</label>
          <input
            id="export-link"
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
            className="link"
          />
        </p>
      )}
      <p className="muted small">
        Run the scenario with <code>npx stccg run FILE</code>; open the trace with{' '}
        <code>npx stccg view FILE</code>.
      </p>
    </section>
  );
}
