/** A host that cannot start, or a request it refuses. */
export class HostError extends Error {
  override readonly name = 'HostError';
}
