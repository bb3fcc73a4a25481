import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@safqa/shared/error-codes';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { AppError } from '../lib/app-error';

describe('AppError', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {},
      {
        beforeReady: (app) => {
          app.get('/api/test/app-error', { schema: { hide: true } }, async () => {
            // @ts-expect-error TOKEN_EXPIRED is a 401 (ERROR_STATUS): the compiler refuses another status.
            throw new AppError(400, 'TOKEN_EXPIRED');
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  it('answers the status of its code, even when a caller forces another past the compiler', async () => {
    const res = await new TestClient(t.app).get('/api/test/app-error');
    expect(res.statusCode).toBe(ERROR_STATUS.TOKEN_EXPIRED);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });
});
