import type { ModerationRepository } from './moderation-repository';
import { describe, expect, it } from 'vitest';
import { opportunityInput } from '@safqa/shared/validation/opportunities';
import { AppError } from '../../lib/app-error';
import { validInput } from '../../test/opportunity-fixtures';
import type { UploadsService } from '../uploads/service';
import type { UsersService } from '../users/service';
import type { OpportunitiesRepository } from './repository';
import { createOpportunitiesService } from './service';

describe('opportunities service', () => {
  it('turns a lookup deleted between the check and the insert (FK violation) into a 400', async () => {
    const repo = {
      checkLookups: async () => ({
        business_type: true,
        region: true,
        city_region_id: 1,
        company_age: true,
        company_size: true,
      }),
      insert: async () => {
        throw Object.assign(new Error('Failed query'), { cause: { code: '23503' } });
      },
    } as unknown as OpportunitiesRepository;
    const uploads = {
      resolveImages: async () => [],
      resolveDocuments: async () => [],
      resolveLogo: async () => null,
    } as unknown as UploadsService;
    const moderation = {} as unknown as ModerationRepository;
    const users = {} as unknown as UsersService;
    const service = createOpportunitiesService({ repo, uploads, moderation, users });
    const error = await service
      .create({ id: 1, role: 'owner' }, opportunityInput.parse(validInput()))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
  });
});
