import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CANONICAL_ID, errorBody, idParams } from '@safqa/shared/validation/common';
import {
  myVerificationResponse,
  VERIFICATION_FILE_FIELD,
  VERIFICATION_MAX_BYTES,
  verificationCreatedResponse,
  verificationFields,
  verificationFileQuery,
} from '@safqa/shared/validation/verifications';
import { perIp } from '../../lib/rate-limit';
import { AppError } from '../../lib/app-error';
import { fileBody } from '../../plugins/openapi';
import { receiveSingleFile } from '../uploads/multipart';
import { attachmentDisposition } from '../uploads/signed-url';
import adminVerificationsRoutes from './admin-routes';
import { createVerificationLinks } from './file-link';
import { createVerificationsService, type VerificationsService } from './service';

const e = errorBody;
const tags = ['trust'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Verified buyers: the users' requests and the admins' decisions. */
    verifications: VerificationsService;
  }
}

/** API.md "Trust and safety": a user's verification requests, and the one-minute file links. */
const verificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createVerificationsService({
    db: app.db,
    storage: app.storage,
    notifier: app.notifier,
    links: createVerificationLinks(app.config.jwtSecret),
    publicUrl: app.config.publicUrl,
    onRemoveError: (error) => app.log.error({ err: error }, 'could not remove a verification file'),
    audit: app.audit,
    users: app.users,
  });
  app.decorate('verifications', service);

  app.post(
    '/api/users/me/verification',
    {
      onRequest: app.requireUser,
      config: { rateLimit: perIp(app.config, 10, '1 hour') },
      schema: {
        tags,
        summary: 'Ask to be a verified buyer: a proof of funds or an identity document (multipart)',
        description:
          'Fields `kind` (proof_of_funds | identity), `note?` (at most 500 characters) and `file`: a PDF, JPEG ' +
          'or PNG of at most 10 MB, decided by its content (anything else is 400 on `file`; larger is 413). ' +
          '409 ALREADY_PENDING while another request waits. The file is private: only its owner and admins open it.',
        consumes: ['multipart/form-data'],
        response: { 201: verificationCreatedResponse, 400: e, 401: e, 409: e, 413: e, 415: e, 507: e },
      },
    },
    async (request, reply) => {
      const file = await receiveSingleFile(request, VERIFICATION_FILE_FIELD, VERIFICATION_MAX_BYTES);
      const parsed = verificationFields.safeParse(file.fields);
      if (!parsed.success) {
        const fields = Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.') || 'kind', issue.message]),
        );
        throw new AppError(400, 'VALIDATION_FAILED', { fields });
      }
      const verification = await service.create(request.user!.id, parsed.data, file);
      return reply.status(201).send({ verification });
    },
  );

  app.get(
    '/api/users/me/verification',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Whether the caller is a verified buyer, and their requests, newest first',
        response: { 200: myVerificationResponse, 401: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.mine(request.user!.id);
    },
  );

  app.get(
    '/api/verification-files/:id',
    {
      schema: {
        tags,
        summary: 'Open a verification file through its one-minute signed link',
        description:
          'Links come from GET /api/admin/verifications, each for the admin who asked. 403 when the link is ' +
          'forged, expired, or its user is no longer the owner or an admin; 404 once the file was removed.',
        params: idParams,
        querystring: verificationFileQuery,
        // The file, in the type it was uploaded with.
        produces: ['*/*'],
        response: { 200: fileBody, 400: e, 403: e, 404: e },
      },
    },
    async (request, reply) => {
      const { expires, u, signature } = request.query;
      if (!/^\d{1,12}$/.test(expires) || !CANONICAL_ID.test(u)) throw new AppError(403, 'FORBIDDEN');
      const file = await service.open(request.params.id, Number(expires), Number(u), signature);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  await app.register(adminVerificationsRoutes);
};

export default fp(verificationsRoutes, {
  name: 'verifications',
  dependencies: ['auth', 'errors', 'storage', 'notifications', 'audit'],
});
