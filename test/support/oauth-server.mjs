// A real OAuth 2.0 authorization server on loopback (oauth2-mock-server), run as its own process
// because the package is an ES module. It issues client-credentials tokens to the client named on
// the command line and refuses any other credentials with 401. Prints its port, then serves until killed.
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { OAuth2Server } from 'oauth2-mock-server';

const [clientId, clientSecret, expiresIn = '3600'] = process.argv.slice(2);
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
let issued = 0;
server.service.on('beforeTokenSigning', (token) => {
  token.payload.exp = Math.floor(Date.now() / 1000) + Number(expiresIn);
});
server.service.on('beforeResponse', (response, req) => {
  const expected = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
  if (req.headers.authorization !== expected || !String(req.body?.grant_type ?? '').includes('client_credentials')) {
    response.statusCode = 401;
    response.body = { error: 'invalid_client' };
    return;
  }
  issued += 1;
  response.body.expires_in = Number(expiresIn);
  response.body.access_token = `${response.body.access_token}.${issued}`;
});
await server.start(0, '127.0.0.1');
process.stdout.write(`${server.address().port}\n`);
