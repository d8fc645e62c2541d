/** Stand-in for `node:fs` and `node:fs/promises` (see README.md): there are no files in the browser. */
const noFiles = (): never => {
  throw new Error('the lab reads and writes no files: it runs in a browser');
};
export const readFileSync = noFiles;
export const readdirSync = noFiles;
export const statSync = noFiles;
export const writeFileSync = noFiles;
export const readFile = noFiles;
export const writeFile = noFiles;
export const mkdir = noFiles;
