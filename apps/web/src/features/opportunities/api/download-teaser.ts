import { downloadFile } from '@/lib/api-client';

/** GET /api/opportunities/{id}/teaser.pdf: the one-page bilingual teaser, saved as a download. */
export function downloadTeaser(id: number) {
  return downloadFile(`/api/opportunities/${id}/teaser.pdf`, `safqa-opportunity-${id}.pdf`);
}
