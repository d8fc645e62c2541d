import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback, in the tests' own process, between a host process and one of its servers
 * (PostgreSQL, Redis): the network between them, which a test can cut, slow down, or cut in the middle
 * of a transaction.
 *
 * A cut is a partition, not a reset: nothing is closed, both sides' connections stay open and simply
 * stop carrying bytes (the proxy stops reading them, so they wait in the kernels' buffers, as a
 * partitioned TCP's unacknowledged segments do), and a new connection is accepted but never reaches the
 * server. The server therefore sees an idle client, never a closed one: a transaction cut in its middle
 * holds its locks until the server's own timeouts end it, as it would across a real partition. Healed,
 * the bytes held flow again (TCP's retransmission), unless the connections were dropped meanwhile.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly links = new Set<Link>();
  private isCut = false;
  private delayMs = 0;
  private trigger: { pattern: Buffer; fire: () => void } | undefined;
  /** Connections accepted so far (each a client's to the server). */
  accepted = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  /** A proxy to `target` (`host:port`, or a URL whose host and port it takes), listening on a free port. */
  static async to(target: string): Promise<TcpProxy> {
    const url = new URL(target.includes('://') ? target : `tcp://${target}`);
    const proxy = new TcpProxy({ host: url.hostname, port: Number(url.port) });
    const server = createServer((socket) => proxy.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    proxy.server = server;
    return proxy;
  }

  /** The port it listens on (loopback). */
  get port(): number {
    return (this.server!.address() as { port: number }).port;
  }

  /** `url` with its host and port replaced by the proxy's (`postgres://u@127.0.0.1:PROXY/db`). */
  through(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /** Partitions the link: no byte passes either way, new connections hang; nothing is closed. */
  cut(): void {
    this.isCut = true;
    for (const link of this.links) link.pause();
  }

  /** Ends the partition: what was held flows on, and connections made meanwhile reach the server. */
  heal(): void {
    this.isCut = false;
    this.trigger = undefined;
    for (const link of this.links) link.resume();
  }

  /** Whether the link is cut now. */
  get cutNow(): boolean {
    return this.isCut;
  }

  /** Every chunk waits this long before it is passed on (0: none). */
  delay(ms: number): void {
    this.delayMs = ms;
  }

  /**
   * Resets every connection (both sides closed at once), as a crashed middlebox would: the server sees
   * its clients gone, the clients their connections closed. New connections are still taken (unless cut).
   */
  drop(): void {
    for (const link of this.links) link.destroy();
  }

  /**
   * Cuts the link the moment a client sends a chunk holding `pattern` (that chunk is held, never
   * reaching the server): a cut in the middle of a transaction, once the statements before it have run.
   * Resolves once it has cut.
   */
  cutWhenClientSends(pattern: string): Promise<void> {
    return new Promise((resolve) => {
      this.trigger = {
        pattern: Buffer.from(pattern),
        fire: () => {
          this.trigger = undefined;
          this.cut();
          resolve();
        },
      };
    });
  }

  /** Closes every connection and stops listening. */
  async close(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(client: Socket): void {
    this.accepted++;
    const link = new Link(client, this.target, {
      delay: () => this.delayMs,
      fromClient: (chunk) => {
        if (!this.trigger || !chunk.includes(this.trigger.pattern)) return true;
        this.trigger.fire();
        return false;
      },
      gone: () => this.links.delete(link),
    });
    this.links.add(link);
    if (this.isCut) link.pause();
    else link.resume();
  }
}

/**
 * One client's connection through the proxy, and the proxy's own to the server (made once the link is
 * first let through, so that a connection opened during a cut never reaches the server until healed).
 */
class Link {
  private upstream: Socket | undefined;
  private paused = true;
  /** Chunks held by a cut, each with the socket it is for, passed on in order when healed. */
  private held: Array<{ to: 'server' | 'client'; chunk: Buffer }> = [];
  /** Delayed chunks still on their way: later chunks wait behind them, so that order holds. */
  private inFlight: Promise<void> = Promise.resolve();
  private destroyed = false;
  /** One side has closed: the link is closed as soon as no cut stands between the two. */
  private closed = false;

  constructor(
    private readonly client: Socket,
    private readonly target: { host: string; port: number },
    private readonly hooks: {
      delay(): number;
      /** Whether a client's chunk may pass (false: it is held, and the link cut). */
      fromClient(chunk: Buffer): boolean;
      gone(): void;
    },
  ) {
    client.setNoDelay(true);
    client.pause();
    client.on('data', (chunk: Buffer) => {
      if (this.paused || !this.hooks.fromClient(chunk)) this.held.push({ to: 'server', chunk });
      else this.pass('server', chunk);
    });
    client.on('error', () => this.ended());
    client.on('close', () => this.ended());
  }

  pause(): void {
    this.paused = true;
    // Stops reading: the bytes wait in the kernels' buffers, and the senders' windows fill.
    this.client.pause();
    this.upstream?.pause();
  }

  resume(): void {
    if (this.destroyed) return;
    this.paused = false;
    if (this.closed) {
      this.destroy();
      return;
    }
    if (!this.upstream) this.connect();
    const held = this.held;
    this.held = [];
    for (const { to, chunk } of held) this.pass(to, chunk);
    this.client.resume();
    this.upstream!.resume();
  }

  /**
   * One side closed its connection: the other is closed too, but not across a cut (a partition carries no
   * FIN either): then only once it is healed, as TCP would deliver it. A server's backend whose client
   * went away during a cut therefore stays, idle, with whatever it holds, until its own timeouts end it.
   */
  private ended(): void {
    this.closed = true;
    if (!this.paused) this.destroy();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.client.destroy();
    this.upstream?.destroy();
    this.hooks.gone();
  }

  private connect(): void {
    const upstream = createConnection(this.target);
    upstream.setNoDelay(true);
    upstream.on('data', (chunk: Buffer) => {
      if (this.paused) this.held.push({ to: 'client', chunk });
      else this.pass('client', chunk);
    });
    upstream.on('error', () => this.ended());
    upstream.on('close', () => this.ended());
    this.upstream = upstream;
  }

  private pass(to: 'server' | 'client', chunk: Buffer): void {
    const socket = to === 'server' ? this.upstream : this.client;
    const ms = this.hooks.delay();
    if (ms <= 0) {
      socket?.write(chunk);
      return;
    }
    const arrive = Date.now() + ms;
    this.inFlight = this.inFlight.then(async () => {
      const wait = arrive - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (!this.destroyed) socket?.write(chunk);
    });
  }
}
