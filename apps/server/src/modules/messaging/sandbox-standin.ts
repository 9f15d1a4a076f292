import type { FastifyBaseLogger } from 'fastify';

// What the two stand-ins share: the calls they make to our webhooks after answering, one after the
// other in the order a provider sends them, and a way for tests to wait for them.

/** Posts to one of our webhooks (in-process: the stand-in runs in our server) and gives the status. */
export type WebhookPoster = (req: { url: string; headers: Record<string, string>; body: string }) => Promise<number>;

export class WebhookQueue {
  private chain: Promise<void> = Promise.resolve();
  constructor(
    private readonly post: WebhookPoster,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends these calls after everything already queued, in order. */
  enqueue(calls: (() => Promise<{ url: string; headers: Record<string, string>; body: string }>)[]): void {
    for (const make of calls) {
      this.chain = this.chain.then(async () => {
        try {
          const req = await make();
          const status = await this.post(req);
          if (status >= 300) this.log.warn({ url: req.url, status }, 'stand-in webhook refused');
        } catch (err) {
          this.log.warn({ err }, 'stand-in webhook failed');
        }
      });
    }
  }

  /** Resolves once every queued webhook call has been answered (tests wait on it). */
  settled(): Promise<void> {
    return this.chain;
  }
}
