// The yardstick: a bare Fastify hello-world on the same machine, in the same run.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
