/**
 * A self-scheduling background loop: runs `step` again at once while it reports more work, waits
 * for the delay it asks for otherwise, and can be woken early (a new payout, a new event). One
 * step runs at a time, and `stop` waits for the running one, so a close never cuts a batch in half.
 */
export class Loop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wakeRequested = false;
  private stopped = false;
  private lastStart = 0;

  constructor(
    /** Returns how long to wait before the next run (ms); 0 when it stopped on a full batch. */
    private readonly step: () => Promise<number>,
    private readonly onError: (err: unknown) => void,
    /** Wakes closer together than this are merged, so a burst of creates makes batches, not one tiny transaction each. */
    private readonly minGapMs: number,
  ) {}

  start(): void {
    this.schedule(0);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(Math.max(0, this.lastStart + this.minGapMs - Date.now()));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delay);
  }

  private run(): void {
    this.timer = null;
    if (this.running || this.stopped) return;
    this.wakeRequested = false;
    this.lastStart = Date.now();
    this.running = (async () => {
      let next: number;
      try {
        next = await this.step();
      } catch (err) {
        this.onError(err);
        // The database is away, say: try again soon, but do not spin.
        next = 1_000;
      }
      this.running = null;
      if (this.wakeRequested) next = Math.min(next, this.minGapMs);
      this.schedule(next);
    })();
  }
}
