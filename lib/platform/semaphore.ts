// A first-come, first-served counting semaphore: the edge runtime's 6 simultaneous connections.

export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** The most slots ever held at once. */
  peak = 0;

  constructor(readonly size: number) {}

  async acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.active < this.size) {
      this.take();
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener("abort", onAbort);
        this.take();
        resolve();
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(signal!.reason);
      };
      this.waiting.push(grant);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  private take() {
    this.active++;
    this.peak = Math.max(this.peak, this.active);
  }
}
