/**
 * The webhook transport: POSTs pipelined on a few kept-alive HTTP/1.1 connections, through an
 * undici `Pool`. Each webhook is still one POST carrying one event; what pipelining saves is a
 * round trip, a system call and a wake-up of the receiver per event, which on this machine cost
 * more than the rest of a delivery.
 *
 * undici pipelines only requests it may send again and that do not block the pipeline, so every
 * POST here is marked idempotent, which a webhook is (the receiver deduplicates on
 * X-Bank-Event-Id, and the bank sends an event again until it is acknowledged anyway), and not
 * blocking (the receiver answers at once). Without both, undici sends one POST per connection at a
 * time: a round of 1,000 events then missed the 10 s deadline. When a connection closes with
 * answers outstanding, the first of them fails and undici sends the others again on a new
 * connection.
 *
 * Only the answer's status is needed: 2xx is an acknowledgement, anything else (another status,
 * a connection closed before the answer, no answer before the round's deadline) is not, and the
 * event is sent again later.
 */
import { errors, Pool } from 'undici';

export interface PipelinedRequest {
  headers: Record<string, string>;
  body: Buffer;
}

/** Per request: null when answered 2xx, else why not. */
export type PipelinedResult = string | null;

/** Requests written on one connection before the first answer comes back (a round is at most 1,000 events over 8 connections). */
const PIPELINING = 128;

export class PipelinedClient {
  private readonly pool: Pool;
  private readonly path: string;
  private closed = false;

  constructor(url: URL, maxConnections: number) {
    this.path = `${url.pathname}${url.search}`;
    this.pool = new Pool(url.origin, { connections: maxConnections, pipelining: PIPELINING });
  }

  /** Sends every request (spread over the connections, pipelined on each); one result per request, in order. */
  async postAll(requests: PipelinedRequest[], timeoutMs: number): Promise<PipelinedResult[]> {
    if (this.closed) return requests.map(() => 'client closed');
    // One deadline for the round: whatever is unanswered then is not acknowledged.
    const deadline = AbortSignal.timeout(timeoutMs);
    return Promise.all(requests.map((r) => this.post(r, deadline)));
  }

  private async post(r: PipelinedRequest, signal: AbortSignal): Promise<PipelinedResult> {
    try {
      const res = await this.pool.request({ method: 'POST', path: this.path, headers: r.headers, body: r.body, idempotent: true, blocking: false, signal });
      await res.body.dump();
      return res.statusCode >= 200 && res.statusCode < 300 ? null : `HTTP ${res.statusCode}`;
    } catch (e) {
      if (this.closed) return 'client closed';
      if (signal.aborted) return 'no answer in time';
      if (e instanceof errors.SocketError) return `connection closed before the answer (${e.message})`;
      return e instanceof Error ? e.message || e.name : String(e);
    }
  }

  close(): void {
    this.closed = true;
    this.pool.destroy().catch(() => {});
  }
}
