import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage, type Storage } from '../storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

async function storagePlugin(app: FastifyInstance, options: { storage?: Storage }) {
  app.decorate('storage', options.storage ?? createLocalStorage(app.config.dataDir));
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['database'] });
