/**
 * The shapes of the files a listing's JSON columns hold (`opportunities.images`, `.documents`). They
 * live outside `db/schema/` because several areas pass them around (uploads makes them, the data
 * room reads and appends documents): a type is not table access, and no area owns this file.
 */
export interface StoredImage {
  url: string;
  thumbnailUrl?: string;
  width?: number;
  height?: number;
  /** Smaller renditions with their real widths, narrowest first (srcset); the full image is not one. */
  variants?: { url: string; width: number }[];
}
export interface StoredDocument {
  /** Storage key of the file; signed URLs are made from it per request. */
  key: string;
  name: string;
  size: number;
  mimeType: string;
  /** Only the owner, admins and approved requesters may see it (API.md "Data room"); absent: false. */
  confidential?: boolean;
}
