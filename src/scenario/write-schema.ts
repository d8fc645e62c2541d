import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { scenarioJsonSchema } from './schema.ts';

/**
 * Writes `schema/scenario.schema.json`, the JSON Schema of scenario files, from the zod schema that
 * checks them (`npm run schema`). A test keeps the file equal to what this produces.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCHEMA_PATH = 'schema/scenario.schema.json';
export const SCHEMA_FILE = `${ROOT}${SCHEMA_PATH}`;

/** The schema file's text: generated, then laid out by Biome as the repository's lint wants it. */
export function schemaFileText(): string {
  const json = `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  return execFileSync(process.execPath, [biome, 'format', `--stdin-file-path=${SCHEMA_PATH}`], {
    cwd: ROOT,
    input: json,
    encoding: 'utf8',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCHEMA_FILE, schemaFileText());
  process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
}
