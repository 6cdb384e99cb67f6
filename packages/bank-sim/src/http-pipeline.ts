/**
 * A small HTTP/1.1 client that pipelines POSTs: a round's requests are written to a few kept-alive
 * connections in one write each, and the answers read back in order. Each webhook is still one
 * POST carrying one event; what is saved is a system call and a wake-up of the receiver per event,
 * which on this machine cost more than the rest of a delivery. (node:http's client sends one
 * request per connection at a time.)
 *
 * Only the answer's status is needed: 2xx is an acknowledgement, anything else (another status,
 * a connection closed before the answer, a timeout) is not, and the event is sent again later.
 * Answers are framed strictly (Content-Length, chunked, or none for 1xx/204/304; otherwise until
 * close), so an answer is never attributed to the wrong request; anything unparseable drops the
 * connection and fails what is still waiting on it.
 */
import net from 'node:net';
import tls from 'node:tls';

export interface PipelinedRequest {
  headers: Record<string, string>;
  body: Buffer;
}

/** Per request: null when answered 2xx, else why not. */
export type PipelinedResult = string | null;

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
/** An answer's head larger than this is not a webhook receiver's answer: drop the connection. */
const MAX_HEAD = 64 * 1024;

interface Waiting {
  resolve: (r: PipelinedResult) => void;
}

/** One kept-alive connection and the requests written to it that wait for their answers, in order. */
class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly waiting: Waiting[] = [];
  /** Framing of the answer being read. */
  private state: 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'trailer' | 'until-close' = 'head';
  private status = 0;
  private remaining = 0;
  private closeAfter = false;
  dead = false;

  constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => this.fail('connection error'));
    socket.on('close', () => {
      // A body framed by the end of the connection is complete now.
      if (this.state === 'until-close' && this.waiting.length) this.complete();
      this.fail('connection closed before the answer');
    });
  }

  get idle(): boolean {
    return !this.dead && this.waiting.length === 0;
  }

  send(requests: Buffer[], waiting: Waiting[]): void {
    if (this.dead) {
      for (const w of waiting) w.resolve('connection closed before the answer');
      return;
    }
    this.waiting.push(...waiting);
    this.socket.write(requests.length === 1 ? requests[0]! : Buffer.concat(requests));
  }

  destroy(reason: string): void {
    this.fail(reason);
  }

  private fail(reason: string): void {
    this.dead = true;
    for (const w of this.waiting.splice(0)) w.resolve(reason);
    this.socket.destroy();
  }

  private complete(): void {
    const w = this.waiting.shift();
    w?.resolve(this.status >= 200 && this.status < 300 ? null : `HTTP ${this.status}`);
    this.state = 'head';
    if (this.closeAfter) this.fail('connection closed by the receiver');
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    try {
      this.parse();
    } catch (e) {
      this.fail(e instanceof Error ? e.message : 'unreadable answer');
    }
  }

  private parse(): void {
    for (;;) {
      if (this.dead) return;
      if (this.state === 'head') {
        const end = this.buffer.indexOf(HEAD_END);
        if (end < 0) {
          if (this.buffer.length > MAX_HEAD) throw new Error('answer head too large');
          return;
        }
        if (this.waiting.length === 0) throw new Error('an answer nobody asked for');
        const head = this.buffer.subarray(0, end).toString('latin1');
        this.buffer = this.buffer.subarray(end + 4);
        const lines = head.split('\r\n');
        const m = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(lines[0] ?? '');
        if (!m) throw new Error('not an HTTP/1.1 answer');
        const status = Number(m[1]);
        let length: number | null = null;
        let chunked = false;
        let close = lines[0]!.startsWith('HTTP/1.0');
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(':');
          if (colon <= 0) throw new Error('malformed header line');
          const name = line.slice(0, colon).trim().toLowerCase();
          const value = line.slice(colon + 1).trim().toLowerCase();
          if (name === 'content-length') {
            if (!/^\d{1,15}$/.test(value) || (length !== null && length !== Number(value))) throw new Error('bad content-length');
            length = Number(value);
          } else if (name === 'transfer-encoding') {
            chunked = value.split(',').map((v) => v.trim()).includes('chunked');
          } else if (name === 'connection') {
            if (value.split(',').map((v) => v.trim()).includes('close')) close = true;
            else if (value.includes('keep-alive')) close = false;
          }
        }
        // 1xx answers (100 Continue) come before the real one for the same request.
        if (status >= 100 && status < 200) continue;
        this.status = status;
        this.closeAfter = close;
        if (status === 204 || status === 304) {
          this.complete();
        } else if (chunked) {
          this.state = 'chunk-size';
        } else if (length !== null) {
          this.remaining = length;
          this.state = 'length';
        } else {
          this.state = 'until-close';
          this.closeAfter = true;
        }
        continue;
      }
      if (this.state === 'length' || this.state === 'chunk-data') {
        const take = Math.min(this.remaining, this.buffer.length);
        this.buffer = this.buffer.subarray(take);
        this.remaining -= take;
        if (this.remaining > 0) return;
        if (this.state === 'length') this.complete();
        else this.state = 'chunk-size';
        continue;
      }
      if (this.state === 'chunk-size' || this.state === 'trailer') {
        const end = this.buffer.indexOf(CRLF);
        if (end < 0) {
          if (this.buffer.length > MAX_HEAD) throw new Error('chunk line too long');
          return;
        }
        const line = this.buffer.subarray(0, end).toString('latin1');
        this.buffer = this.buffer.subarray(end + 2);
        if (this.state === 'trailer') {
          if (line === '') this.complete();
          continue;
        }
        const size = /^([0-9a-fA-F]{1,8})(?:;.*)?$/.exec(line.trim());
        if (!size) throw new Error('bad chunk size');
        const n = parseInt(size[1]!, 16);
        if (n === 0) this.state = 'trailer';
        else {
          // The chunk and the CRLF after it.
          this.remaining = n + 2;
          this.state = 'chunk-data';
        }
        continue;
      }
      // until-close: the body is everything until the connection ends.
      this.buffer = Buffer.alloc(0);
      return;
    }
  }
}

export class PipelinedClient {
  private readonly connections: Connection[] = [];
  private readonly secure: boolean;
  private readonly host: string;
  private readonly port: number;
  private readonly requestLine: string;
  private readonly hostHeader: string;
  private closed = false;

  constructor(
    url: URL,
    /** At most this many connections, each carrying a share of a round's requests. */
    private readonly maxConnections: number,
  ) {
    this.secure = url.protocol === 'https:';
    this.host = url.hostname.replace(/^\[|\]$/g, '');
    this.port = Number(url.port || (this.secure ? 443 : 80));
    this.requestLine = `POST ${url.pathname}${url.search} HTTP/1.1\r\n`;
    this.hostHeader = url.host;
  }

  /** Sends every request (in parallel across connections, pipelined on each); one result per request, in order. */
  async postAll(requests: PipelinedRequest[], timeoutMs: number): Promise<PipelinedResult[]> {
    if (this.closed) return requests.map(() => 'client closed');
    if (requests.length === 0) return [];
    const deadline = Date.now() + timeoutMs;
    const results: PipelinedResult[] = new Array<PipelinedResult>(requests.length).fill('not sent');
    const wanted = Math.min(this.maxConnections, requests.length);
    const conns = await this.take(wanted, timeoutMs).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    if (conns instanceof Error) return requests.map(() => conns.message);
    const per = Math.ceil(requests.length / conns.length);
    const slices: { conn: Connection; reused: boolean; from: number; to: number }[] = [];
    for (let c = 0; c < conns.length && c * per < requests.length; c++) {
      slices.push({ conn: conns[c]!.conn, reused: conns[c]!.reused, from: c * per, to: Math.min(requests.length, (c + 1) * per) });
    }
    const answered = await Promise.all(slices.map((s) => this.run(s.conn, requests, s.from, s.to, results, deadline)));
    // A kept-alive connection the receiver closed just as we wrote (its idle timeout) answers
    // nothing at all: send that share once more on a new connection rather than wait for a retry.
    const stale = slices.filter((s, i) => s.reused && answered[i] === 0);
    if (stale.length && !this.closed && Date.now() < deadline) {
      await Promise.all(
        stale.map(async (s) => {
          const fresh = await this.connect(deadline - Date.now()).catch(() => null);
          if (!fresh) return;
          this.connections.push(fresh);
          await this.run(fresh, requests, s.from, s.to, results, deadline);
        }),
      );
    }
    return results;
  }

  /** Writes requests[from, to) on `conn` and waits for their answers (until the deadline); returns how many were answered. */
  private async run(conn: Connection, requests: PipelinedRequest[], from: number, to: number, results: PipelinedResult[], deadline: number): Promise<number> {
    let answered = 0;
    const promises: Promise<void>[] = [];
    const waiting: Waiting[] = [];
    for (let i = from; i < to; i++) {
      let resolve!: (r: PipelinedResult) => void;
      promises.push(
        new Promise<PipelinedResult>((r) => (resolve = r)).then((r) => {
          results[i] = r;
          if (r === null || r.startsWith('HTTP ')) answered++;
        }),
      );
      waiting.push({ resolve });
    }
    conn.send(
      requests.slice(from, to).map((r) => this.serialize(r)),
      waiting,
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(promises),
      new Promise<void>((resolve) => {
        timer = setTimeout(
          () => {
            // Whatever is still unanswered is not acknowledged; the connection is dropped.
            conn.destroy('no answer in time');
            resolve();
          },
          Math.max(0, deadline - Date.now()),
        );
      }),
    ]);
    clearTimeout(timer);
    // Let the failures of a destroyed connection land in `results` before they are read.
    await Promise.all(promises);
    return answered;
  }

  close(): void {
    this.closed = true;
    for (const c of this.connections.splice(0)) c.destroy('client closed');
  }

  private serialize(r: PipelinedRequest): Buffer {
    let head = this.requestLine + `Host: ${this.hostHeader}\r\nContent-Length: ${r.body.length}\r\n`;
    for (const [k, v] of Object.entries(r.headers)) {
      // Our own header values (hex, ids, constants); refuse anything that could break the framing.
      if (/[\r\n]/.test(k) || /[\r\n]/.test(v)) throw new Error('header with a line break');
      head += `${k}: ${v}\r\n`;
    }
    return Buffer.concat([Buffer.from(head + '\r\n', 'latin1'), r.body]);
  }

  /** `n` idle connections: kept-alive ones first, new ones for the rest. */
  private async take(n: number, timeoutMs: number): Promise<{ conn: Connection; reused: boolean }[]> {
    for (let i = this.connections.length - 1; i >= 0; i--) if (this.connections[i]!.dead) this.connections.splice(i, 1);
    const idle = this.connections.filter((c) => c.idle).slice(0, n);
    const fresh = await Promise.all(Array.from({ length: n - idle.length }, () => this.connect(timeoutMs)));
    this.connections.push(...fresh);
    return [...idle.map((conn) => ({ conn, reused: true })), ...fresh.map((conn) => ({ conn, reused: false }))];
  }

  private connect(timeoutMs: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = this.secure ? tls.connect({ host: this.host, port: this.port, servername: net.isIP(this.host) ? undefined : this.host }) : net.connect({ host: this.host, port: this.port });
      const timer = setTimeout(() => socket.destroy(new Error(`could not connect within ${timeoutMs} ms`)), timeoutMs);
      const onError = (e: Error) => {
        clearTimeout(timer);
        reject(e);
      };
      socket.once('error', onError);
      socket.once(this.secure ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        socket.off('error', onError);
        resolve(new Connection(socket));
      });
    });
  }
}
