import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

async function storagePlugin(app: FastifyInstance, options: { storage?: Storage }) {
  app.decorate('storage', options.storage ?? (await createStorage(app.config)));
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['database'] });
