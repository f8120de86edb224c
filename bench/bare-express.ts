// The gateway bench's baseline, in its own process like the gateway: run in the bench's process it would
// share one event loop with autocannon and the ratio would flatter the gateway. Prints its port.
import express from 'express';

const app = express();
app.get('/', (_req, res) => {
  res.json({ hello: 'world' });
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
