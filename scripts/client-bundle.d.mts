/** Writes the client's kit as one browser file to `outfile` (the source tree's host/page/client.js unless told). */
export function writeClientBundle(outfile?: string): Promise<void>;
