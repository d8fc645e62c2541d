import { useId, useState } from 'react';
import { type Opened, openFile, opening, type PositionChoice } from '../positions.ts';
import type { LabSession } from '../session.ts';

/** Opens a position: the demo, a ruling, or a setup or scenario file dropped here (or chosen). */
export function PositionPanel({
  positions,
  open,
}: {
  positions: readonly PositionChoice[];
  open: (session: LabSession) => void;
}) {
  const id = useId();
  const [chosen, setChosen] = useState(positions[0]?.id ?? '');
  const [problem, setProblem] = useState<Extract<Opened, { ok: false }> | null>(null);
  const [dragging, setDragging] = useState(false);

  const openText = (name: string, text: string) => {
    const opened = openFile(name, text);
    if (opened.ok) {
      setProblem(null);
      open(opened.session);
    } else setProblem(opened);
  };
  const openFiles = async (files: FileList | null) => {
    const file = files?.[0];
    if (file) openText(file.name, await file.text());
  };

  return (
    <section
      className={`panel position${dragging ? ' dragging' : ''}`}
      aria-labelledby={`${id}-title`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void openFiles(event.dataTransfer.files);
      }}
    >
      <h2 id={`${id}-title`}>Position</h2>
      <form
        className="fields"
        onSubmit={(event) => {
          event.preventDefault();
          const choice = positions.find((p) => p.id === chosen);
          if (choice) {
            const opened = opening(() => choice.open(), choice.id);
            if (opened.ok) {
              setProblem(null);
              open(opened.session);
            } else setProblem(opened);
          }
        }}
      >
        <label htmlFor={`${id}-choice`}>open</label>
        <span>
          <select id={`${id}-choice`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <optgroup label="The demo">
              {positions
                .filter((p) => p.group === 'demo')
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
            </optgroup>
            <optgroup label="Rulings (examples/rulings)">
              {positions
                .filter((p) => p.group === 'ruling')
                .map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
            </optgroup>
          </select>{' '}
          <button type="submit">Open</button>
        </span>
        <label htmlFor={`${id}-file`}>or a file</label>
        <span>
          <input
            id={`${id}-file`}
            type="file"
            accept=".json,.yaml,.yml"
            onChange={(event) => void openFiles(event.target.files)}
          />{' '}
          <small className="muted">(a setup, a scenario or an odds file; or drop one here)</small>
        </span>
      </form>
      {problem && (
        <div className="problem" role="alert" data-testid="setup-problem">
          <b>{problem.where}</b>: {problem.problem}
        </div>
      )}
    </section>
  );
}
