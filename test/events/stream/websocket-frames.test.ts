import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { textFrame } from '../../../src/http/subscriptions/websocket-frames';
import { eventually } from '../../support/webhook-receiver';

/**
 * The frames the graphql-ws adapter writes itself must be what `ws` would write: a real `ws`
 * client reads each, between messages `ws` itself sends on the same socket, at every length
 * encoding (7-bit, 16-bit, 64-bit) and with characters of every UTF-8 width.
 */
describe('textFrame: a whole text message as ws writes it', () => {
  const bodies: [string, string][] = [
    ['empty', ''],
    ['125 bytes (the longest 7-bit length)', 'a'.repeat(125 - 2)],
    ['126 bytes (the shortest 16-bit length)', 'b'.repeat(126 - 2)],
    ['65,535 bytes (the longest 16-bit length)', 'c'.repeat(65_535 - 2)],
    ['65,536 bytes (the shortest 64-bit length)', 'd'.repeat(65_536 - 2)],
    ['characters of two, three and four bytes', 'é€😀"\\'],
  ];

  let server: http.Server;
  let wss: WebSocketServer;
  let url: string;
  beforeAll(async () => {
    server = http.createServer();
    wss = new WebSocketServer({ server });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.each(bodies)('%s', async (_name, body) => {
    wss.once('connection', (socket, request) => {
      socket.send('before');
      request.socket.write(textFrame(Buffer.from('['), Buffer.from(JSON.stringify(body)), Buffer.from(']')));
      socket.send('after');
    });
    const client = new WebSocket(url);
    const received: string[] = [];
    client.on('message', (data: Buffer, isBinary: boolean) => received.push(isBinary ? '(binary)' : data.toString()));
    try {
      await eventually(async () => received.length, (count) => count === 3, 5_000);
      expect(received).toEqual(['before', JSON.stringify([body]), 'after']);
    } finally {
      client.terminate();
    }
  });
});
