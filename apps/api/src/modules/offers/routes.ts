import type {} from '@fastify/rate-limit';
import { errorBody, idParams, pagedResponse } from '@safqa/shared/validation/common';
import { cappedPageQuery } from '@safqa/shared/validation/opportunities';
import {
  offer,
  offerCodeRequest,
  offerCodeResponse,
  offerCreateInput,
  offerErrorBody,
  offerIdParams,
  offerResponse,
  offerStatusInput,
  myOffer,
  myOffersQuery,
} from '@safqa/shared/validation/offers';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paged } from '../../lib/paged';
import { perIp } from '../../lib/rate-limit';
import { AppError } from '../../lib/app-error';
import { createOffersService, type OffersService } from './service';

const e = errorBody;
const oe = offerErrorBody;

declare module 'fastify' {
  interface FastifyInstance {
    /** Offers on listings: the email code, the offer and the owner's decision. */
    offers: OffersService;
  }
}

/** 429s carry Retry-After, so the form can count down and clients can back off. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const retryAfter = error instanceof AppError ? error.options.extra?.retryAfter : undefined;
    if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
    throw error;
  }
}

const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const offers = createOffersService({
    db: app.db,
    mailer: app.mailer,
    notifier: app.notifier,
    secret: app.config.jwtSecret,
    publicUrl: app.config.publicUrl,
    opportunities: app.opportunities,
    deals: app.deals,
    blocks: app.blocks,
    users: app.users,
  });
  app.decorate('offers', offers);
  const auth = { onRequest: app.requireUser };

  app.post(
    '/api/opportunities/:id/offers/code',
    {
      ...auth,
      config: { rateLimit: perIp(app.config, 30, '1 hour') },
      schema: {
        tags: ['offers'],
        summary: 'Email a 4-digit code that proves the address of an offer',
        description:
          'Valid 10 minutes, once, for this user, opportunity and email; a new code replaces the previous one. ' +
          'Per address one code a minute and five an hour, per user ten an hour: beyond that 429 RATE_LIMITED ' +
          'with Retry-After and `retryAfter` seconds. 403 OWN_OPPORTUNITY for the owner; 404 unless approved.',
        params: idParams,
        body: offerCodeRequest,
        response: { 200: offerCodeResponse, 400: e, 401: e, 403: e, 404: e, 429: oe },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const result = await offers.requestCode(
          request.user!.id,
          request.params.id,
          request.body.email,
          request.lang,
        );
        const message =
          request.lang === 'ar'
            ? 'أرسلنا رمز التحقق إلى بريدك الإلكتروني'
            : 'We sent a verification code to your email';
        return { message, ...result };
      }),
  );

  app.post(
    '/api/opportunities/:id/offers',
    {
      ...auth,
      config: { rateLimit: perIp(app.config, 60, '1 hour') },
      schema: {
        tags: ['offers'],
        summary: 'Make an offer with the emailed code',
        description:
          '400 CODE_EXPIRED after 10 minutes; 400 CODE_INVALID (with `attemptsLeft`) when wrong, already used, ' +
          'replaced, or dead after 5 wrong tries. 403 OWN_OPPORTUNITY for the owner; 404 unless approved. ' +
          'The owner is emailed; the opportunity offersCount grows in the same transaction.',
        params: idParams,
        body: offerCreateInput,
        response: { 201: offerResponse, 400: oe, 401: e, 403: e, 404: e, 429: e },
      },
    },
    async (request, reply) => {
      const created = await offers.create(request.user!.id, request.params.id, request.body);
      return reply.status(201).send({ offer: created });
    },
  );

  app.get(
    '/api/opportunities/:id/offers',
    {
      config: { expensiveList: true },
      ...auth,
      schema: {
        tags: ['offers'],
        summary: 'Offers received on an opportunity, newest first (its owner or an admin)',
        params: idParams,
        querystring: cappedPageQuery.strict(),
        response: { 200: pagedResponse(offer), 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { data, total } = await offers.received(request.user!, request.params.id, page, pageSize);
      return paged(data, page, pageSize, total);
    },
  );

  app.get(
    '/api/users/me/offers',
    {
      config: { expensiveList: true },
      ...auth,
      schema: {
        tags: ['offers'],
        summary: 'Offers the caller made, newest first, each with its status and opportunity card',
        description:
          '`?opportunityId=` narrows to the offers on one listing (the listing page shows the latest).',
        querystring: myOffersQuery,
        response: { 200: pagedResponse(myOffer), 400: e, 401: e },
      },
    },
    async (request) => {
      const { page, pageSize, opportunityId } = request.query;
      const { data, total } = await offers.sent(request.user!.id, page, pageSize, opportunityId);
      return paged(data, page, pageSize, total);
    },
  );

  app.patch(
    '/api/offers/:offerId',
    {
      ...auth,
      schema: {
        tags: ['offers'],
        summary: 'The owner accepts or declines an offer',
        description:
          'Only the owner of the opportunity; a `new` offer becomes `accepted` or `declined` once. Repeating ' +
          'the same decision answers the offer unchanged; changing it is 409 INVALID_STATUS_TRANSITION. ' +
          'An optional `note` (trimmed, at most 500 characters) is stored with the decision. ' +
          'The investor is emailed at once (with the note) and sees status and note in GET /api/users/me/offers.',
        params: offerIdParams,
        body: offerStatusInput,
        response: { 200: offerResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => ({
      offer: await offers.decide(
        request.user!,
        request.params.offerId,
        request.body.status,
        request.body.note,
      ),
    }),
  );
};

export default fp(offersRoutes, {
  name: 'offers',
  dependencies: ['auth', 'errors', 'mailer', 'notifications', 'opportunities', 'deals', 'blocks'],
});
