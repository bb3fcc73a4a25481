import { z } from 'zod';

/** Blocks (API.md "Trust and safety"). */
export const blockedUser = z.object({
  user: z.object({ id: z.number().int(), username: z.string() }),
  createdAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUser>;
export const blocksResponse = z.object({ data: z.array(blockedUser) });
export type BlocksResponse = z.infer<typeof blocksResponse>;
