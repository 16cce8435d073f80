// A partner's webhook endpoint, as small as it can be: verifies every delivery with the
// `standardwebhooks` package, handles each event once (by its webhook-id), answers 204.
//
//   WEBHOOK_SECRET=whsec_… PORT=4000 node docs/examples/webhook-receiver.mjs
//
// The webhook walk-through (docs/guides/webhooks.md) runs it; docs/decisions/webhooks.md explains each step.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET ?? '');
const seen = new Set(); // in production: a table of handled webhook-ids

createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    let event;
    try {
      event = webhook.verify(body, req.headers); // the raw body, as it arrived
    } catch (error) {
      console.log(`refused: ${error.message}`);
      res.writeHead(400).end();
      return;
    }
    const id = req.headers['webhook-id'];
    console.log(`${seen.has(id) ? 'again (already handled)' : 'verified'} ${id} ${event.type} ${JSON.stringify(event.data)}`);
    seen.add(id);
    res.writeHead(204).end();
  });
}).listen(Number(process.env.PORT ?? 4000), '127.0.0.1', () => console.log('listening'));
