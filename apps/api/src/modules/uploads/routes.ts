import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CANONICAL_ID, errorBody } from '@safqa/shared/validation/common';
import {
  documentUploadResponse,
  DOCUMENT_UPLOAD_FIELD,
  imageUploadResponse,
  IMAGE_UPLOAD_FIELD,
  signedFileQuery,
  UPLOAD_LIMITS,
} from '@safqa/shared/validation/uploads';
import { AppError } from '../../lib/app-error';
import { fileBody } from '../../plugins/openapi';
import { receiveSingleFile } from './multipart';
import { createUploadQuota } from './quota';
import { createUploadsRepository } from './repository';
import { createUploadsService, DocumentLinkRefused, type UploadsService } from './service';
import { prefersPage, sendUnavailablePage } from './unavailable-page';
import {
  attachmentDisposition,
  createFileSigner,
  documentKeyFromUrl,
  isDealScope,
  type FileScope,
} from './signed-url';
import { removeUnusedUploads, sweepStoredFiles, UNUSED_UPLOAD_TTL_MS } from './cleanup';

declare module 'fastify' {
  interface FastifyInstance {
    /** Upload ownership checks and signed document links, for other modules (opportunities). */
    uploads: UploadsService;
  }
}

const quotaNote =
  "429 UPLOAD_QUOTA past the caller's quota: uploads no listing holds yet, or bytes in 24 hours " +
  '(then with Retry-After). 507 INSUFFICIENT_STORAGE when the disk or bucket is full.';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  413: errorBody,
  415: errorBody,
  429: errorBody,
  507: errorBody,
};

const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUploadsService({
    repo: createUploadsRepository(app.db),
    storage: app.storage,
    signer: createFileSigner(app.config.jwtSecret),
    quota: createUploadQuota({
      db: app.db,
      limits: app.config.uploadQuota,
      // Public files are held by URL: publicUrl of a key is this prefix and the key.
      publicPrefix: app.storage.publicUrl('x').slice(0, -1),
      users: app.users,
    }),
    // The deals and the data room register later (they need this area), so they are asked at the
    // time of each download: a deal's link by the deal, any other by the data room.
    documentGuard: ({ key, scope }) =>
      scope && isDealScope(scope)
        ? app.deals.checkDownload({ key, scope })
        : app.dataRoom.checkDownload({ key, scope }),
  });
  app.decorate('uploads', service);
  // Once a day, across all processes: uploads no listing has used for 24 hours go, then files that
  // no upload names (cleanup.ts).
  app.jobs.every('uploads-cleanup', UNUSED_UPLOAD_TTL_MS, async ({ now, log }) => {
    await removeUnusedUploads(app.db, app.storage, now, log);
    await sweepStoredFiles(app.db, app.storage, now, log);
  });

  app.post(
    '/api/uploads/images',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['uploads'],
        summary: 'Upload one image (multipart field `images`): JPEG, PNG or WebP, at most 5 MB',
        description: quotaNote,
        consumes: ['multipart/form-data'],
        response: { 201: imageUploadResponse, ...errors },
      },
    },
    async (request, reply) => {
      const file = await receiveSingleFile(request, IMAGE_UPLOAD_FIELD, UPLOAD_LIMITS.imageMaxBytes);
      const result = await service.uploadImage(request.user!.id, file.buffer, file.filename);
      return reply.status(201).send({ files: [result] });
    },
  );

  app.post(
    '/api/uploads/docs',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['uploads'],
        summary:
          'Upload one document (multipart field `docs`): PDF, Word, Excel or PowerPoint, at most 10 MB',
        description: quotaNote,
        consumes: ['multipart/form-data'],
        response: { 201: documentUploadResponse, ...errors },
      },
    },
    async (request, reply) => {
      const file = await receiveSingleFile(request, DOCUMENT_UPLOAD_FIELD, UPLOAD_LIMITS.documentMaxBytes);
      const result = await service.uploadDocument(request.user!.id, file.buffer, file.filename);
      return reply.status(201).send({ files: [result] });
    },
  );

  app.get(
    '/api/files/*',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Download a private document through a signed, expiring link',
        description:
          'Links of a listing carry `o` (listing) and `u` (the user they were handed to). A confidential ' +
          'document is served only while that user is the owner, an admin or an approved requester: a ' +
          'link handed out before a revoke answers 403. Links of a deal carry `d` (deal) and `u`: ' +
          'served only while the deal holds the document and that user is a party or an admin.',
        querystring: signedFileQuery,
        // The document, in its own type.
        produces: ['*/*'],
        response: { 200: fileBody, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      try {
        return await serveDocument((request.params as { '*': string })['*'], request.query, reply);
      } catch (error) {
        // A browser opening an old link (a bookmark, an old tab) is told why, with a way back; API
        // clients keep the error body.
        if (
          error instanceof AppError &&
          (error.statusCode === 403 || error.statusCode === 404) &&
          prefersPage(request.headers.accept)
        ) {
          const reason = error instanceof DocumentLinkRefused ? error.reason : 'unavailable';
          return sendUnavailablePage(request, reply, error.statusCode, reason);
        }
        throw error;
      }
    },
  );

  async function serveDocument(path: string, query: z.infer<typeof signedFileQuery>, reply: FastifyReply) {
    const key = documentKeyFromUrl(path);
    if (!key) throw new AppError(404, 'NOT_FOUND');
    const expires = Number(query.expires);
    const signature = query.signature;
    if (!Number.isSafeInteger(expires) || !signature) throw new AppError(403, 'FORBIDDEN');
    const { o, d, u } = query;
    // Ids exactly as the link was signed (Number() alone would also read `0x10` or ` 16`); a link is
    // of a listing or of a deal, never both.
    const scoped = o !== undefined || d !== undefined || u !== undefined;
    const holder = o !== undefined && d === undefined ? o : d !== undefined && o === undefined ? d : null;
    if (scoped && !(CANONICAL_ID.test(holder ?? '') && CANONICAL_ID.test(u ?? ''))) {
      throw new AppError(403, 'FORBIDDEN');
    }
    let scope: FileScope | null = null;
    if (scoped)
      scope =
        d !== undefined
          ? { dealId: Number(d), userId: Number(u) }
          : { opportunityId: Number(o), userId: Number(u) };
    const file = await service.openDocument(key, expires, signature, scope);
    if (file.redirect) return reply.header('cache-control', 'private, no-store').redirect(file.redirect, 302);
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', file.size)
      .header('content-disposition', attachmentDisposition(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  }
};

export default fp(uploadsRoutes, {
  name: 'uploads',
  dependencies: ['auth', 'storage', 'errors', 'jobs', 'users'],
});
