import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

/** Exposes the opened database and the config; the caller owns opening and closing the database. */
async function databasePlugin(app: FastifyInstance, options: { database: Database; config: Config }) {
  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
}

export default fp(databasePlugin, { name: 'database' });
