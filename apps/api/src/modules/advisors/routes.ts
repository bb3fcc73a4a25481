import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { createAdvisorsService, type AdvisorsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The advisors listed to visitors, for the opportunities area's page and the chat area's check. */
    advisors: AdvisorsService;
  }
}

/** The advisors area has no routes of its own: its list is served under a listing's address. */
const advisorsPlugin: FastifyPluginAsync = async (app) => {
  app.decorate('advisors', createAdvisorsService({ db: app.db }));
};

export default fp(advisorsPlugin, { name: 'advisors', dependencies: ['database'] });
