// A webhook receiver on loopback in a process of its own, for tests that measure when requests
// arrive: its event loop does nothing else, so an arrival is timed as it happens, not when a busy
// test process gets to it. Answers every POST 200 and notes its `webhook-id` and arrival time;
// `GET /arrivals` answers them as JSON. Prints its port, then serves until killed.
import http from 'node:http';
import process from 'node:process';

const arrivals = [];
const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/arrivals') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(arrivals));
    return;
  }
  const receivedAt = Date.now();
  request.resume();
  request.on('end', () => {
    arrivals.push({ webhookId: request.headers['webhook-id'] ?? null, receivedAt });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"received":true}');
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
