import type { MessagePort } from 'node:worker_threads';
import type { InProcessBroker, LinkedBroker, TypedBody } from './in-process-bus';

// What travels on a link's port.
type LinkMessage =
  { kind: 'deliver'; id: number; events: readonly TypedBody[] } | { kind: 'delivered'; id: number; failure?: string };

export class LinkClosedError extends Error {
  constructor() {
    super('the linked broker is gone (its thread stopped) before handling the events');
    this.name = 'LinkClosedError';
  }
}

// Joins the in-process brokers of two threads of one process, one BrokerLink on each side of a
// MessageChannel: what a service publishes on either thread reaches the consumers on both, and
// its publish resolves once both sides handled the events (a consumer that failed for good
// dead-letters on its own side, as always). A failure on the far side (a consumer closed while
// stopping, the thread gone) fails the publish, so the outbox keeps the rows and sends them again.
export class BrokerLink implements LinkedBroker {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly unlink: () => void;
  private closed = false;

  constructor(
    private readonly broker: InProcessBroker,
    private readonly port: MessagePort,
  ) {
    this.unlink = broker.addLink(this);
    port.on('message', (message: LinkMessage) => this.receive(message));
    port.on('close', () => this.end());
  }

  forward(events: readonly TypedBody[]): Promise<void> {
    if (this.closed) return Promise.reject(new LinkClosedError());
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.send({ kind: 'deliver', id, events });
    });
  }

  // Stops linking; what the far side has not answered yet fails.
  close(): void {
    this.end();
    this.port.close();
  }

  private receive(message: LinkMessage): void {
    if (message.kind === 'deliver') {
      this.broker.deliver(message.events).then(
        () => this.send({ kind: 'delivered', id: message.id }),
        (error: unknown) =>
          this.send({
            kind: 'delivered',
            id: message.id,
            failure: error instanceof Error ? error.message : String(error),
          }),
      );
      return;
    }
    const waiter = this.waiting.get(message.id);
    if (!waiter) return;
    this.waiting.delete(message.id);
    if (message.failure === undefined) waiter.resolve();
    else waiter.reject(new Error(`linked broker: ${message.failure}`));
  }

  private send(message: LinkMessage): void {
    if (!this.closed) this.port.postMessage(message);
  }

  private end(): void {
    if (this.closed) return;
    this.closed = true;
    this.unlink();
    for (const waiter of this.waiting.values()) waiter.reject(new LinkClosedError());
    this.waiting.clear();
  }
}
