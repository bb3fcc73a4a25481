import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Private files (documents) are reachable only through links of the form
 * /api/files/{key}?expires={unix seconds}&signature={HMAC-SHA256(key, expires)}, handed to signed-in
 * callers. The HMAC key is derived from JWT_SECRET for this one purpose, so a file signature can never
 * be replayed as another kind of token and changing the secret invalidates every link.
 */
export const FILE_URL_PREFIX = '/api/files/';
export const SIGNED_URL_TTL_SECONDS = 60 * 60;

/** Whom a link was handed to: the listing it came from and the signed-in caller. */
export interface DocumentScope {
  opportunityId: number;
  userId: number;
}

/** A deal's checklist document: the deal it is attached to and the party (or admin) it was handed to. */
export interface DealDocumentScope {
  dealId: number;
  userId: number;
}

export type FileScope = DocumentScope | DealDocumentScope;

export const isDealScope = (scope: FileScope): scope is DealDocumentScope => 'dealId' in scope;

export interface SignedUrl {
  url: string;
  expiresAt: string;
}

/** What a scope adds to the signed text and to the link ("deal" keeps a deal's ids apart from a listing's). */
function scopeParts(scope: FileScope | undefined): { signed: string; query: string } {
  if (!scope) return { signed: '', query: '' };
  if (isDealScope(scope))
    return {
      signed: `\ndeal\n${scope.dealId}\n${scope.userId}`,
      query: `&d=${scope.dealId}&u=${scope.userId}`,
    };
  return {
    signed: `\n${scope.opportunityId}\n${scope.userId}`,
    query: `&o=${scope.opportunityId}&u=${scope.userId}`,
  };
}

export function createFileSigner(secret: string, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('safqa:signed-file-urls:v1').digest();
  // The scope is part of what is signed, so a link cannot be moved to another listing, deal or user.
  const signatureOf = (fileKey: string, expires: number, scope?: FileScope) =>
    createHmac('sha256', key)
      .update(`${fileKey}\n${expires}${scopeParts(scope).signed}`)
      .digest('base64url');

  return {
    sign(fileKey: string, ttlSeconds = SIGNED_URL_TTL_SECONDS, scope?: FileScope): SignedUrl {
      // Rounded up to the minute: links made within the same minute are identical (cacheable pages).
      const expires = Math.ceil((now() / 1000 + ttlSeconds) / 60) * 60;
      return {
        url: `${FILE_URL_PREFIX}${fileKey}?expires=${expires}${scopeParts(scope).query}&signature=${signatureOf(fileKey, expires, scope)}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    /** 'ok', 'expired' or 'invalid' (wrong key, expiry, scope or signature). */
    verify(
      fileKey: string,
      expires: number,
      signature: string,
      scope?: FileScope,
    ): 'ok' | 'expired' | 'invalid' {
      const expected = Buffer.from(signatureOf(fileKey, expires, scope));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      return expires * 1000 > now() ? 'ok' : 'expired';
    },
  };
}
export type FileSigner = ReturnType<typeof createFileSigner>;

/** The storage key of a document link, whether absolute, relative or the bare key; null otherwise. */
export function documentKeyFromUrl(value: string): string | null {
  let path: string;
  if (/^https?:\/\//i.test(value)) {
    try {
      path = new URL(value).pathname;
    } catch {
      return null;
    }
  } else {
    path = value.split(/[?#]/)[0] ?? '';
  }
  if (path.startsWith(FILE_URL_PREFIX)) path = path.slice(FILE_URL_PREFIX.length);
  return /^docs\/[a-z0-9/_.-]{1,200}$/i.test(path) && !path.includes('..') ? path : null;
}

/** The storage key of a public image URL (/uploads/images/...), absolute or relative; null otherwise. */
export function imageKeyFromUrl(value: string): string | null {
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      path = new URL(value).pathname;
    } catch {
      return null;
    }
  }
  if (!path.startsWith('/uploads/')) return null;
  path = path.slice('/uploads/'.length);
  return /^images\/[a-z0-9/_.-]{1,200}$/i.test(path) && !path.includes('..') ? path : null;
}

/**
 * A file name safe to show and to send: no directories, control or bidirectional-override characters
 * (which can disguise "exe.pdf"), at most 150 characters, ending in the extension of the detected type.
 */
export function safeFileName(raw: string | undefined, ext: string): string {
  const base = (raw ?? '')
    .split(/[\\/]/)
    .pop()!
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stem =
    base
      .replace(/\.[^.]*$/, '')
      .slice(0, 140)
      .trim() || 'document';
  return `${stem}.${ext}`;
}

/**
 * Content-Disposition for a download: an ASCII fallback plus the RFC 5987 UTF-8 name. The fallback is
 * the name with its other characters replaced, unless the caller has a better ASCII name.
 */
export function attachmentDisposition(name: string, asciiName: string = name): string {
  const fallback = asciiName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
