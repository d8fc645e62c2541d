// Module hooks that only observe: every module URL resolved is posted to the main thread.
let port;
export function initialize(data) {
  port = data.port;
}
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}
