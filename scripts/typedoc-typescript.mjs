// TypeDoc runs on TypeScript's JavaScript API, which TypeScript 7 (the repository's compiler) no
// longer ships; TypeDoc gets TypeScript 6.0, installed as `typescript-for-typedoc`, through this hook.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === 'typescript') return next('typescript-for-typedoc', context);
  return next(specifier, context);
}`)}`,
);
