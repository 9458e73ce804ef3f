import { createServer } from 'node:http';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@crm/sdk';

export function receiveWebhooks(secret: string, onEvent: (event: WebhookEvent) => void) {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        // The raw body, exactly as received.
        const event = verifyWebhook(req.headers, Buffer.concat(chunks), secret);
        if (event.type === 'crm.company.created') console.log('new company', event.data.name);
        onEvent(event);
        res.writeHead(204).end();
      } catch (error) {
        res.writeHead(error instanceof WebhookVerificationError ? 401 : 500).end();
      }
    });
  });
}
