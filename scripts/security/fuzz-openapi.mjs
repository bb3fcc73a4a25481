#!/usr/bin/env node
// An OpenAPI fuzzer for the deal and data-room routes of a running server (docs/security-testing.md
// "OpenAPI fuzz"). It reads GET /api/openapi.json, signs in as a seller, a buyer, an unrelated user
// and the admin (scripts/sign-in.mjs), builds through the real API what the routes need (a listing
// of the seller approved by the admin, a confidential document, the buyer's access request, an
// offer of the buyer accepted by the seller so that a deal exists, an LOI version, a checklist
// item), then sends each selected operation a bounded number of generated requests: valid values,
// boundaries, wrong types, null, arrays for scalars, unknown and missing fields, 100 KB strings,
// script and SQL text, bidi and zero-width characters, malformed dates, other users' ids and odd
// spellings of path ids, as each party, the unrelated user, the admin and anonymously.
//
// It fails (exit 1) on any 5xx, on a 4xx/5xx whose body is not the error shape of docs/API.md
// ({code, message, fields?}), on a 2xx to a caller the route is not for (anonymous, the unrelated
// user, the other party on owner-only routes, a non-admin on admin routes), on a checklist item
// that accepts a document none of the parties uploaded, on a signed link that still answers 2xx
// after its query was changed, and on bidi controls (U+202A-U+202E, U+2066-U+2069) a 2xx answer
// hands back.
//
// Usage: node scripts/security/fuzz-openapi.mjs <base-url> [options]
//   --seller=email:password  (FUZZ_SELLER; default sarah@demo.safqa.local and the demo password)
//   --buyer=email:password   (FUZZ_BUYER;  default khalid@demo.safqa.local)
//   --other=email:password   (FUZZ_OTHER;  default faisal@demo.safqa.local: a party to nothing)
//   --admin=email:password   (FUZZ_ADMIN;  default $ADMIN_EMAIL:$ADMIN_PASSWORD)
//   --only=/api/deals,/api/admin/deals  path prefixes of the operations to fuzz (default below)
//   --per-op=300  requests per operation;  --seconds=600  cap for the whole run
//   --concurrency=2  requests in flight at once (1 to 4; the machine is shared)
//   --seed=1  the random seed (a run repeats with the same seed on a fresh database)
//   --out=/tmp/fuzz.json  every count and finding as JSON
//   --setup-only  build the objects and print them as shell assignments (for sqlmap-api.sh)
// Only 127.0.0.1, ::1 or localhost: it writes to the database it attacks.
import { writeFileSync } from 'node:fs';
import { signIn } from '../sign-in.mjs';

const DEMO_PASSWORD = 'Safqa@Demo2024';
const DEFAULT_ONLY = [
  '/api/deals',
  '/api/admin/deals',
  '/api/opportunities/{id}/access-requests',
  '/api/access-requests/',
  '/api/users/me/access-requests',
  '/api/users/me/listing-access-requests',
  '/api/opportunities/{id}/confidential-documents',
  '/api/opportunities/{id}/document-downloads',
  '/api/files/',
];

// ---------------------------------------------------------------- arguments

const options = { positional: [] };
for (const arg of process.argv.slice(2)) {
  const match = /^--([a-z-]+)(?:=(.*))?$/s.exec(arg);
  if (match) options[match[1]] = match[2] ?? true;
  else options.positional.push(arg);
}
const base = (options.positional[0] ?? process.env.FUZZ_BASE ?? 'http://127.0.0.1:3170').replace(/\/$/, '');
const host = new URL(base).hostname;
if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
  console.error(`refusing ${base}: the fuzzer only attacks a server on this machine`);
  process.exit(2);
}
const account = (value, fallback) => {
  const text = value ?? fallback;
  const colon = text?.indexOf(':') ?? -1;
  if (colon < 1) return null;
  return { email: text.slice(0, colon), password: text.slice(colon + 1) };
};
const accounts = {
  seller: account(options.seller, process.env.FUZZ_SELLER ?? `sarah@demo.safqa.local:${DEMO_PASSWORD}`),
  buyer: account(options.buyer, process.env.FUZZ_BUYER ?? `khalid@demo.safqa.local:${DEMO_PASSWORD}`),
  other: account(options.other, process.env.FUZZ_OTHER ?? `faisal@demo.safqa.local:${DEMO_PASSWORD}`),
  admin: account(
    options.admin,
    process.env.FUZZ_ADMIN ??
      (process.env.ADMIN_EMAIL ? `${process.env.ADMIN_EMAIL}:${process.env.ADMIN_PASSWORD}` : undefined),
  ),
};
for (const [role, value] of Object.entries(accounts)) {
  if (!value) {
    console.error(`--${role}=email:password is missing (or FUZZ_${role.toUpperCase()})`);
    process.exit(2);
  }
}
const only = typeof options.only === 'string' ? options.only.split(',').filter(Boolean) : DEFAULT_ONLY;
const perOp = Number(options['per-op'] ?? 300);
const concurrency = Math.max(1, Math.min(4, Number(options.concurrency ?? 2)));
const seconds = Number(options.seconds ?? 600);
const deadline = Date.now() + seconds * 1000;

// ---------------------------------------------------------------- randomness (seeded)

let seed = Number(options.seed ?? 1) >>> 0 || 1;
function random() {
  // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (min, max) => min + Math.floor(random() * (max - min + 1));
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;

// ---------------------------------------------------------------- HTTP

const sessions = {}; // role -> {token, xsrf, userId, at}

async function session(role) {
  const current = sessions[role];
  if (current && Date.now() - current.at < 12 * 60_000) return current; // tokens live 15 minutes
  const { email, password } = accounts[role];
  const signed = await signIn(base, email, password);
  sessions[role] = { token: signed.accessToken, xsrf: signed.xsrf, userId: signed.user.id, at: Date.now() };
  return sessions[role];
}

/**
 * One request. `as` is a role or 'anon'; `body` is a value to send as JSON, or {raw, type} for
 * bytes as they are. Answers {status, body (parsed JSON or null), text, type}.
 */
async function call(method, path, { as = 'anon', body, raw, type, csrf = true } = {}) {
  const headers = { 'accept-language': chance(0.5) ? 'en' : 'ar' };
  if (as === 'anon') {
    // A fresh XSRF pair, so an anonymous write is refused for its missing token, not for CSRF.
    if (csrf && method !== 'GET') {
      const xsrf = sessions.seller?.xsrf;
      if (xsrf) Object.assign(headers, { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf });
    }
  } else {
    const s = await session(as);
    headers.authorization = `Bearer ${s.token}`;
    if (csrf) Object.assign(headers, { cookie: `XSRF-TOKEN=${s.xsrf}`, 'x-xsrf-token': s.xsrf });
  }
  let payload;
  if (raw !== undefined) {
    payload = raw;
    if (type) headers['content-type'] = type;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(base + path, { method, headers, body: payload, redirect: 'manual' });
  const contentType = response.headers.get('content-type') ?? '';
  const buffer = Buffer.from(await response.arrayBuffer());
  const text = contentType.includes('json') || contentType.startsWith('text/') ? buffer.toString('utf8') : '';
  let json = null;
  if (contentType.includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  return { status: response.status, body: json, text, type: contentType };
}

/** A setup step that must succeed. */
async function must(expected, method, path, options) {
  const answer = await call(method, path, options);
  if (answer.status !== expected) {
    throw new Error(`setup: ${method} ${path} answered ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  return answer.body;
}

// ---------------------------------------------------------------- setup through the real API

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

async function uploadDoc(as, name) {
  const form = new FormData();
  form.append('docs', new Blob([PDF], { type: 'application/pdf' }), name);
  const s = await session(as);
  const response = await fetch(`${base}/api/uploads/docs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, cookie: `XSRF-TOKEN=${s.xsrf}`, 'x-xsrf-token': s.xsrf },
    body: form,
  });
  const body = await response.json();
  if (response.status !== 201)
    throw new Error(`setup: upload as ${as}: ${response.status} ${JSON.stringify(body)}`);
  return body.files[0];
}

const stamp = Date.now().toString(36);
const listingInput = (name) => ({
  name,
  nameAr: 'مخبز الفحص الآلي',
  type: 'invest',
  description: 'A bakery listed by the OpenAPI fuzzer to exercise the deal and data-room routes.',
  descriptionAr: 'مخبز أدرجته أداة الفحص الآلي لاختبار مسارات الصفقات وغرفة البيانات.',
  businessTypeId: 1,
  regionId: 1,
  cityId: 1,
  facilitySize: 12,
  facilityFoundationDay: '2015-03-01',
  ebitda: 120000,
  yearlySales: 900000,
  yearlyOperationalCost: 700000,
  expectedYearProfitPercentage: 15,
  offeredPercentage: 20,
  requiredAmount: 500000,
  negotiable: true,
  waitForHighestOffer: false,
  contactMemberName: 'Sarah',
  contactPhone: '0551234567',
});

/** A listing of the seller, approved, with an offer of the buyer accepted: a deal. */
async function makeDeal(label) {
  const listing = await must(201, 'POST', '/api/opportunities', {
    as: 'seller',
    body: listingInput(`Fuzz Bakery ${stamp} ${label}`),
  });
  await must(200, 'POST', `/api/admin/opportunities/${listing.id}/approve`, { as: 'admin' });
  const offerEmail = `fuzz.${stamp}.${label}@demo.safqa.local`;
  await must(200, 'POST', `/api/opportunities/${listing.id}/offers/code`, {
    as: 'buyer',
    body: { email: offerEmail },
  });
  const mail = await must(200, 'GET', `/api/dev/mail?to=${encodeURIComponent(offerEmail)}`);
  const code = /\b(\d{4})\b/.exec(mail.messages?.[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`setup: no offer code in the mail to ${offerEmail} (is MAIL_TRANSPORT outbox?)`);
  const { offer } = await must(201, 'POST', `/api/opportunities/${listing.id}/offers`, {
    as: 'buyer',
    body: {
      name: 'Khalid Fuzz',
      phone: '0505519273',
      email: offerEmail,
      code,
      reasons: { wantsOffer: true, knowRegulations: true, moreFinancial: false, moreOperational: false },
      message: 'I would like to buy a share of this bakery.',
      amount: 250000,
    },
  });
  await must(200, 'PATCH', `/api/offers/${offer.id}`, { as: 'seller', body: { status: 'accepted' } });
  const deals = await must(200, 'GET', '/api/deals?pageSize=50', { as: 'seller' });
  const deal = deals.data.find((d) => d.opportunity.id === listing.id);
  if (!deal) throw new Error(`setup: accepting offer ${offer.id} opened no deal`);
  return { listing, offer, deal };
}

async function setup() {
  for (const role of ['seller', 'buyer', 'other', 'admin']) await session(role);
  const ids = {
    seller: sessions.seller.userId,
    buyer: sessions.buyer.userId,
    other: sessions.other.userId,
    admin: sessions.admin.userId,
  };
  const sellerDocs = [await uploadDoc('seller', 'seller-a.pdf'), await uploadDoc('seller', 'seller-b.pdf')];
  const buyerDoc = await uploadDoc('buyer', 'buyer.pdf');
  const otherDoc = await uploadDoc('other', 'other.pdf');

  const first = await makeDeal('a');
  const listingId = first.listing.id;
  const { document } = await must(201, 'POST', `/api/opportunities/${listingId}/confidential-documents`, {
    as: 'seller',
    body: { url: sellerDocs[0].url, name: 'Confidential accounts 2025.pdf' },
  });
  const { request: accessRequest } = await must(
    201,
    'POST',
    `/api/opportunities/${listingId}/access-requests`,
    {
      as: 'buyer',
      body: { message: 'I would like to read the confidential accounts, please.', acceptTerms: true },
    },
  );
  await must(200, 'PATCH', `/api/access-requests/${accessRequest.id}`, {
    as: 'seller',
    body: { status: 'approved' },
  });
  // The buyer's signed link to the confidential document (GET /api/files/...).
  const detail = await must(200, 'GET', `/api/opportunities/${listingId}`, { as: 'buyer' });
  const fileUrl = detail.documents?.find(
    (d) => d.confidential || d.name === 'Confidential accounts 2025.pdf',
  )?.url;
  const dealId = first.deal.id;
  const loiDeal = await must(201, 'POST', `/api/deals/${dealId}/loi`, {
    as: 'buyer',
    body: {
      price: 240000,
      percentage: 20,
      exclusivityDays: 30,
      dueDiligenceDays: 45,
      conditions: 'Fuzz terms.',
    },
  });
  const version = loiDeal.lois.at(-1).version;
  const item = await must(201, 'POST', `/api/deals/${dealId}/checklist`, {
    as: 'seller',
    body: { title: 'Fuzz: bank statements 2025', side: 'buyer', dueDate: '2027-01-31' },
  });
  // A second deal between the same parties, that only the stage and sign operations move on.
  const second = await makeDeal('b');
  const secondLoi = await must(201, 'POST', `/api/deals/${second.deal.id}/loi`, {
    as: 'seller',
    body: { price: 250000, percentage: 20, exclusivityDays: 0, dueDiligenceDays: 7, conditions: '' },
  });
  // Someone else's objects: a listing of the seed data the parties do not own, and its id.
  const others = await must(200, 'GET', '/api/opportunities?pageSize=5');
  const foreignListing = others.data.find((o) => o.id !== listingId && o.id !== second.listing.id)?.id ?? 1;
  return {
    users: ids,
    listingId,
    secondListingId: second.listing.id,
    dealId,
    secondDealId: second.deal.id,
    version,
    secondVersion: secondLoi.lois.at(-1).version,
    itemId: item.id,
    templateItemIds: loiDeal.checklist.map((i) => i.id),
    documentId: document.id,
    accessRequestId: accessRequest.id,
    fileUrl,
    freeUploadUrl: sellerDocs[1].url, // held by no listing: what POST .../confidential-documents takes
    uploads: { seller: sellerDocs.map((d) => d.id), buyer: [buyerDoc.id], other: [otherDoc.id] },
    foreignListing,
  };
}

// ---------------------------------------------------------------- the OpenAPI document

function resolve(doc, schema) {
  let node = schema;
  for (let i = 0; node?.$ref && i < 10; i++) {
    node = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at, key) => at?.[key], doc);
  }
  return node ?? {};
}

function operations(doc) {
  const list = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!only.some((prefix) => path.startsWith(prefix))) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []).map((p) => ({
        ...resolve(doc, p),
        schema: resolve(doc, p.schema),
      }));
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      list.push({
        method: method.toUpperCase(),
        path,
        name: `${method.toUpperCase()} ${path}`,
        secured: Boolean(op.security?.length),
        path_params: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        body: bodySchema ? deref(doc, bodySchema) : null,
      });
    }
  }
  // Operations that move a deal on (sign, stage) or remove what others use (DELETE) go last.
  const rank = (op) =>
    op.method === 'DELETE'
      ? 3
      : /\/stage$|\/sign$/.test(op.path)
        ? 2
        : /access-requests\/\{id\}$/.test(op.path)
          ? 1
          : 0;
  return list.sort((a, b) => rank(a) - rank(b));
}

function deref(doc, schema, depth = 0) {
  const node = resolve(doc, schema);
  if (depth > 8 || typeof node !== 'object') return node;
  const out = { ...node };
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([key, value]) => [key, deref(doc, value, depth + 1)]),
    );
  }
  if (out.items) out.items = deref(doc, out.items, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (out[key]) out[key] = out[key].map((s) => deref(doc, s, depth + 1));
  return out;
}

// ---------------------------------------------------------------- values

const HUGE = 'A'.repeat(100 * 1024);
const NASTY_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "1'; DROP TABLE deals; --",
  '1 UNION SELECT NULL,version()--',
  "'||pg_sleep(3)||'",
  '${7*7}{{7*7}}',
  '\u202Egnp.exe\u202C Khalid',
  'Sarah\u200B\u200D\u2060Alghamdi',
  '\u2066Ali\u2069\u200F',
  '2024-13-45',
  '2024-02-30',
  '0000-00-00',
  '9999-99-99T99:99:99Z',
  '-1',
  '١٢٣',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '😀'.repeat(50),
  '../../../../etc/passwd',
  '%00',
  ' ',
  '',
  'null',
  'true',
  '{"$gt":""}',
];
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
/** Text each operation's first requests put in every free-text field (valid in length). */
const PROBES = [
  '\u202Egnp.exe\u202C Khalid Fuzz',
  'Sarah\u200B\u200D Alghamdi\u2060',
  '<script>alert(1)</script>',
  "O'Brien'); DROP TABLE deals; --",
];
const BAD_DATES = [
  '2024-13-45',
  '2024-02-30',
  '2023-02-29',
  '0000-00-00',
  '9999-12-31',
  '2024-1-5',
  '2024-01-01T00:00:00Z',
  '١٤٤٥-٠١-٠١',
];
const isDate = (schema, key) => /date/i.test(key ?? '') || /\\d\{4\}-/.test(schema?.pattern ?? '');

function validString(schema, key = '') {
  if (schema.enum) return pick(schema.enum);
  if (schema.const !== undefined) return schema.const;
  if (schema.format === 'date-time') return '2027-01-15T10:00:00.000Z';
  if (schema.format === 'email') return 'fuzz@demo.safqa.local';
  if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}') || /date/i.test(key)) return '2027-02-28';
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, 60);
  const words = ['Fuzz', 'deal', 'حساب', 'bank', 'statement', 'lease', 'Khalid', 'ترخيص', 'Alghamdi'];
  let text = '';
  const length = int(Math.max(min, 3), Math.max(min, max, 3));
  while (text.length < length) text += (text ? ' ' : '') + pick(words);
  return text.slice(0, Math.max(length, min)).trim().padEnd(min, 'x');
}

function validNumber(schema) {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
  const high = Math.min(schema.maximum ?? low + 100, low + 1_000_000);
  if (schema.type === 'integer') return int(Math.ceil(low), Math.floor(high));
  const step = schema.multipleOf ?? 0.5;
  return Math.round((low + random() * (high - low)) / step) * step;
}

/** A value valid for the schema; `key` names the field (hints for ids and dates). */
function valid(schema, key, ctx) {
  if (!schema || typeof schema !== 'object') return null;
  if (schema.anyOf || schema.oneOf)
    return valid(pick((schema.anyOf ?? schema.oneOf).filter((s) => s.type !== 'null')) ?? {}, key, ctx);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (key === 'url' && ctx.freeUploadUrl) return ctx.freeUploadUrl;
      return validString(schema, key);
    case 'integer':
      if (key === 'documentIds' || key === 'documentIds[]')
        return pick([...ctx.uploads.seller, ...ctx.uploads.buyer]);
      return validNumber(schema);
    case 'number':
      return validNumber(schema);
    case 'boolean':
      return key === 'acceptTerms' || key === 'accept' ? true : chance(0.5);
    case 'array': {
      const count = int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: count }, () => valid(schema.items, `${key}[]`, ctx));
    }
    case 'object': {
      const out = {};
      for (const [name, prop] of Object.entries(schema.properties ?? {})) {
        if ((schema.required ?? []).includes(name) || chance(0.6)) out[name] = valid(prop, name, ctx);
      }
      return out;
    }
    default:
      return null;
  }
}

/** A value the schema should refuse or that sits on its edges. */
function evil(schema, key, ctx) {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  const common = [null, [valid(schema, key, ctx)], {}, true, HUGE, pick(NASTY_STRINGS), [], 'x'.repeat(1001)];
  const numeric = [
    0,
    -1,
    2147483647,
    2147483648,
    9007199254740992,
    1.5,
    1e308,
    -0.0001,
    '1',
    '1e1',
    '0x10',
    'NaN',
  ];
  if (type === 'integer' || type === 'number') {
    const edges = [];
    if (schema.minimum !== undefined) edges.push(schema.minimum - 1, schema.minimum, schema.minimum - 0.5);
    if (schema.maximum !== undefined) edges.push(schema.maximum, schema.maximum + 1, schema.maximum + 0.5);
    if (schema.multipleOf) edges.push(1.005, 33.333);
    const foreign = [...ctx.uploads.other, ctx.foreignListing, ctx.users.other];
    return pick([...numeric, ...edges, ...common, ...(key?.startsWith('documentIds') ? foreign : [])]);
  }
  if (type === 'string' && isDate(schema, key) && chance(0.5)) return pick(BAD_DATES);
  if (type === 'string') {
    const edges = [];
    if (schema.minLength !== undefined)
      edges.push('x'.repeat(Math.max(0, schema.minLength - 1)), ' '.repeat(schema.minLength + 2));
    if (schema.maxLength !== undefined)
      edges.push('y'.repeat(schema.maxLength), 'y'.repeat(schema.maxLength + 1));
    if (schema.enum) edges.push(`${schema.enum[0]} `, schema.enum[0].toUpperCase(), 'due_diligence', 'loi');
    return pick([...NASTY_STRINGS, ...NASTY_STRINGS, ...edges, ...common, 12, -1, 1.5]);
  }
  if (type === 'boolean') return pick(['true', 1, 0, 'yes', false, null, [true]]);
  if (type === 'array') {
    const item = schema.items ?? {};
    return pick([
      'x',
      1,
      null,
      {},
      Array.from({ length: (schema.maxItems ?? 10) + 1 }, () => valid(item, `${key}[]`, ctx)),
      [evil(item, `${key}[]`, ctx)],
      [...ctx.uploads.other],
      [ctx.uploads.other[0], ctx.uploads.seller[1]],
      Array.from({ length: 2001 }, () => 1),
    ]);
  }
  return pick(common);
}

// ---------------------------------------------------------------- who may do what

/**
 * The roles that may get a 2xx, by operation, when the path names the setup's objects. A role not
 * listed getting a 2xx there is a finding.
 */
function allowed(op) {
  const { method, path } = op;
  if (path.startsWith('/api/admin/')) return ['admin'];
  if (path === '/api/deals') return ['seller', 'buyer', 'other', 'admin'];
  if (path.startsWith('/api/deals/')) {
    return method === 'GET' ? ['seller', 'buyer', 'admin'] : ['seller', 'buyer'];
  }
  if (path.startsWith('/api/users/me/')) return ['seller', 'buyer', 'other', 'admin'];
  if (path === '/api/opportunities/{id}/access-requests' && method === 'POST')
    return ['buyer', 'other', 'admin'];
  if (path === '/api/opportunities/{id}/access-requests' || path.endsWith('/document-downloads')) {
    return ['seller', 'admin'];
  }
  if (path.startsWith('/api/access-requests/') || path.includes('/confidential-documents')) return ['seller'];
  if (path.startsWith('/api/files/')) return ['seller', 'buyer', 'other', 'admin', 'anon'];
  return ['seller', 'buyer', 'other', 'admin'];
}

/** The setup's id for a path parameter of an operation, and other ids worth trying there. */
function pathIds(op, name, ctx, forSecond) {
  const { path } = op;
  if (path.startsWith('/api/deals/')) {
    if (name === 'id')
      return {
        own: forSecond ? ctx.secondDealId : ctx.dealId,
        // Not the second deal: the sign and stage operations need it as it was.
        foreign: [ctx.listingId, ctx.itemId + 1000, 2147483647],
      };
    if (name === 'version')
      return { own: forSecond ? ctx.secondVersion : ctx.version, foreign: [ctx.version + 1, 99] };
    if (name === 'itemId')
      return {
        own: pick([ctx.itemId, ...ctx.templateItemIds]),
        foreign: [ctx.documentId, ctx.accessRequestId, 1],
      };
  }
  if (path.startsWith('/api/access-requests/'))
    return { own: ctx.accessRequestId, foreign: [1, ctx.listingId] };
  if (name === 'documentId')
    return { own: ctx.documentId, foreign: [...ctx.uploads.seller, ...ctx.uploads.other, 1] };
  return { own: ctx.listingId, foreign: [ctx.foreignListing, ctx.secondListingId, ctx.dealId] };
}

const ODD_IDS = (id) => [
  `0${id}`,
  `00${id}`,
  '0x10',
  `${id}e0`,
  '1e1',
  `%20${id}`,
  `${id}%20`,
  `+${id}`,
  `-${id}`,
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  `${id}.0`,
  '1.5',
  'abc',
  'null',
  `${id}%00`,
  `${id};`,
  `${id}'`,
  `%E2%80%AE${id}`,
  `${id}%2F..`,
  '%2e%2e',
  `${id}--`,
];

// ---------------------------------------------------------------- one generated request

/** Who sends request `index`: the probes go to the parties, then anyone, the parties most often. */
function actor(op, index, actors) {
  if (index < PROBES.length) return actors.length ? actors[index % actors.length] : 'seller';
  const roll = random();
  if (roll < 0.1) return 'anon';
  if (roll < 0.2) return 'other';
  if (roll < 0.27) return op.path.startsWith('/api/files/') ? 'other' : 'admin';
  if (roll < 0.4) return 'buyer';
  return pick(actors.length ? actors : ['seller']);
}

function generate(op, ctx, index) {
  const actors = allowed(op).filter((r) => r !== 'anon' && r !== 'other' && r !== 'admin');
  const as = actor(op, index, actors);
  // The stage and sign operations work on the second deal, so the first keeps its state.
  const forSecond = /\/stage$|\/sign$/.test(op.path);
  const mode =
    index < PROBES.length
      ? 'probe'
      : index === PROBES.length
        ? 'valid'
        : pick([
            'valid',
            'valid',
            'field',
            'field',
            'field',
            'field',
            'missing',
            'unknown',
            'body',
            'path',
            'path',
            'query',
          ]);
  let path = op.path;
  let ownObjects = true;
  const notes = [];
  for (const param of op.path_params) {
    if (param.name === '*') continue;
    const ids = pathIds(op, param.name, ctx, forSecond);
    let value = String(ids.own);
    if (mode === 'path' && chance(0.6)) {
      value = pick(ODD_IDS(ids.own));
      notes.push(`odd ${param.name}`);
    } else if (mode === 'path') {
      value = String(pick(ids.foreign));
      ownObjects = false;
      notes.push(`foreign ${param.name}`);
    }
    path = path.replace(`{${param.name}}`, value);
  }
  let query = {};
  if (op.path.startsWith('/api/files/')) {
    return generateFile(op, ctx, as, mode);
  }
  for (const param of op.query) {
    if (param.required || chance(0.5)) query[param.name] = valid(param.schema, param.name, ctx);
  }
  if (mode === 'query' && op.query.length) {
    const param = pick(op.query);
    const value = evil(param.schema, param.name, ctx);
    query[param.name] = typeof value === 'object' ? JSON.stringify(value) : value;
    notes.push(`query ${param.name}`);
  } else if (mode === 'query') {
    query.unexpected = pick(NASTY_STRINGS);
  }
  let body;
  let raw;
  let type;
  if (op.body) {
    body = valid(op.body, '', ctx);
    const props = Object.keys(op.body.properties ?? {});
    if (mode === 'probe') {
      for (const key of props) {
        const prop = op.body.properties[key];
        if (prop.type !== 'string' || prop.enum || prop.pattern || prop.format || isDate(prop, key)) continue;
        const text = PROBES[index];
        if (text.length >= (prop.minLength ?? 0) && text.length <= (prop.maxLength ?? Infinity))
          body[key] = text;
      }
      notes.push('free text probe');
    } else if (mode === 'field' && props.length) {
      const key = pick(props);
      body[key] = evil(op.body.properties[key], key, ctx);
      notes.push(`field ${key}`);
    } else if (mode === 'missing' && (op.body.required ?? []).length) {
      const key = pick(op.body.required);
      delete body[key];
      notes.push(`missing ${key}`);
    } else if (mode === 'unknown') {
      body[
        pick([
          'status',
          'sellerId',
          'buyerId',
          'userId',
          'stage',
          'isVerified',
          '__proto__',
          'constructor',
          'signedBySellerAt',
        ])
      ] = pick([1, 'closed', true, { admin: true }, ctx.users.other]);
      notes.push('unknown field');
    } else if (mode === 'body') {
      const shape = pick(['null', 'array', 'string', 'broken', 'empty', 'form', 'deep', 'wide']);
      notes.push(`body ${shape}`);
      if (shape === 'null') body = null;
      else if (shape === 'array') body = [body];
      else if (shape === 'string') body = 'fuzz';
      else if (shape === 'deep') body = JSON.parse('['.repeat(40) + ']'.repeat(40));
      else if (shape === 'wide')
        body = Object.fromEntries(Array.from({ length: 2100 }, (_, i) => [`k${i}`, i]));
      else {
        raw = shape === 'broken' ? '{"title": "x",' : shape === 'empty' ? '' : 'title=x&side=buyer';
        type = shape === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
        body = undefined;
      }
    }
  } else if ((mode === 'body' || mode === 'unknown') && op.method !== 'GET') {
    raw = JSON.stringify({ unexpected: pick(NASTY_STRINGS) });
    type = 'application/json';
    notes.push('body where none is expected');
  } else if (mode === 'body' || mode === 'unknown') {
    query[pick(['userId', 'sellerId', 'all', 'page[]'])] = pick(['1', 'true', pick(NASTY_STRINGS)]);
    notes.push('unknown query parameter');
  }
  const search = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return {
    as,
    method: op.method,
    path: search ? `${path}?${search}` : path,
    body,
    raw,
    type,
    csrf: !(as === 'anon' && chance(0.3)),
    ownObjects,
    tampered: false,
    notes: notes.join(', ') || mode,
  };
}

/** GET /api/files/...: the buyer's signed link, whole or with its query changed. */
function generateFile(op, ctx, as, mode) {
  const url = new URL(ctx.fileUrl ?? '/api/files/none', base);
  let tampered = false;
  let notes = 'signed link';
  if (mode !== 'valid') {
    tampered = true;
    const params = [...url.searchParams.keys()];
    const key = pick([...params, 'path']);
    if (key === 'path') {
      url.pathname = pick([
        url.pathname + 'x',
        url.pathname.replace(/[^/]+$/, 'other.pdf'),
        `${url.pathname}%00`,
        '/api/files/..%2f..%2fetc%2fpasswd',
      ]);
    } else {
      const value = url.searchParams.get(key);
      url.searchParams.set(
        key,
        pick([
          `${value}0`,
          value.slice(0, -1),
          String(ctx.users.other),
          '9999999999',
          '',
          pick(NASTY_STRINGS),
          value.toUpperCase(),
        ]),
      );
    }
    notes = `changed ${key}`;
    if (
      url.pathname + url.search ===
      new URL(ctx.fileUrl ?? '/', base).pathname + new URL(ctx.fileUrl ?? '/', base).search
    ) {
      tampered = false;
    }
  }
  return {
    as,
    method: 'GET',
    path: url.pathname + url.search,
    ownObjects: true,
    tampered,
    notes,
    csrf: true,
  };
}

// ---------------------------------------------------------------- checks

function errorShape(answer) {
  const body = answer.body;
  if (!answer.type.includes('application/json')) return `content-type ${answer.type || 'none'}`;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
  if (typeof body.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(body.code)) return 'code is not UPPER_SNAKE';
  if (typeof body.message !== 'string' || !body.message) return 'no message';
  if (body.fields !== undefined) {
    if (!body.fields || typeof body.fields !== 'object' || Array.isArray(body.fields))
      return 'fields is not an object';
    if (Object.values(body.fields).some((v) => typeof v !== 'string'))
      return 'a field message is not a string';
    if (Object.keys(body.fields).length > 20) return 'more than 20 fields';
  }
  if (/\bat .+:\d+:\d+|SELECT |INSERT |node_modules/.test(answer.text)) return 'stack or SQL in the body';
  return null;
}

function strings(value, out = []) {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

function check(op, request, answer, ctx) {
  const problems = [];
  if (answer.status >= 500) problems.push(`5xx`);
  if (answer.status >= 400) {
    const wrong = errorShape(answer);
    if (wrong) problems.push(`error body: ${wrong}`);
  }
  if (answer.status >= 200 && answer.status < 300) {
    if (request.as === 'anon' && op.secured) problems.push('2xx to anonymous');
    else if (!allowed(op).includes(request.as) && request.ownObjects) problems.push(`2xx to ${request.as}`);
    if (request.tampered) problems.push('2xx for a changed signed link');
    if (op.path.endsWith('/checklist/{itemId}') && Array.isArray(request.body?.documentIds)) {
      const ids = request.body.documentIds;
      if (ids.some((id) => ctx.uploads.other.includes(id))) {
        problems.push('2xx with an upload of someone who is not a party in documentIds');
      }
      // [security-2]: a party attaches only their own uploads.
      const otherParty = { seller: ctx.uploads.buyer, buyer: ctx.uploads.seller }[request.as] ?? [];
      if (ids.some((id) => otherParty.includes(id)))
        problems.push("2xx with the other party's upload in documentIds");
    }
    const bidi = strings(answer.body).find((s) => BIDI.test(s) && strings(request.body).includes(s));
    if (bidi !== undefined) problems.push('bidi control kept in a stored value');
  }
  return problems;
}

// ---------------------------------------------------------------- the run

const doc = await (await fetch(`${base}/api/openapi.json`)).json();
const ops = operations(doc);
if (!ops.length) {
  console.error(`no operation in ${base}/api/openapi.json starts with ${only.join(', ')}`);
  process.exit(2);
}
const ctx = await setup();
if (options['setup-only']) {
  const lines = {
    FUZZ_LISTING: ctx.listingId,
    FUZZ_DEAL: ctx.dealId,
    FUZZ_DEAL2: ctx.secondDealId,
    FUZZ_VERSION: ctx.version,
    FUZZ_DEAL2_VERSION: ctx.secondVersion,
    FUZZ_ITEM: ctx.itemId,
    FUZZ_DOCUMENT: ctx.documentId,
    FUZZ_ACCESS_REQUEST: ctx.accessRequestId,
    FUZZ_SELLER_UPLOAD: ctx.uploads.seller[1],
    FUZZ_SELLER_UPLOAD_URL: ctx.freeUploadUrl,
    FUZZ_BUYER_UPLOAD: ctx.uploads.buyer[0],
  };
  for (const [k, v] of Object.entries(lines)) console.log(`${k}='${String(v).replaceAll("'", "'\\''")}'`);
  process.exit(0);
}
console.log(
  `fuzzing ${ops.length} operations of ${base}, ${perOp} requests each, at most ${seconds} s; ` +
    `deal ${ctx.dealId} (and ${ctx.secondDealId}), listing ${ctx.listingId}, item ${ctx.itemId}`,
);

function record(op, problem, request, answer) {
  const key = `${op.name} | ${problem} | ${answer.status}${answer.body?.code ? ` ${answer.body.code}` : ''}`;
  const entry = findings.get(key) ?? {
    op: op.name,
    problem,
    status: answer.status,
    code: answer.body?.code,
    count: 0,
    examples: [],
  };
  entry.count++;
  if (entry.examples.length < 3) {
    const sentBody = request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
    entry.examples.push({
      as: request.as,
      request: `${request.method} ${request.path}`,
      body:
        sentBody === undefined || sentBody.length <= 300
          ? sentBody
          : `${sentBody.slice(0, 300)}… (${sentBody.length} chars)`,
      what: request.notes,
      answer: answer.text.slice(0, 300),
    });
  }
  findings.set(key, entry);
}

const results = [];
const findings = new Map(); // op + problem + status -> {count, examples}
let total = 0;
const started = Date.now();
for (const op of ops) {
  if (op.path.endsWith('/sign')) {
    // The latest version of the second deal by now (the fuzz of POST .../loi may have added some).
    const second = await call('GET', `/api/deals/${ctx.secondDealId}`, { as: 'seller' });
    ctx.secondVersion = second.body?.lois?.at(-1)?.version ?? ctx.secondVersion;
  }
  const counts = {};
  let sent = 0;
  let next = 0;
  const worker = async () => {
    while (next < perOp && Date.now() < deadline) {
      const request = generate(op, ctx, next++);
      let answer;
      try {
        answer = await call(request.method, request.path, request);
      } catch (error) {
        answer = { status: 0, body: null, text: String(error.message), type: '' };
      }
      sent++;
      counts[answer.status] = (counts[answer.status] ?? 0) + 1;
      const problems =
        answer.status === 0 ? ['no answer (connection error)'] : check(op, request, answer, ctx);
      for (const problem of problems) record(op, problem, request, answer);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  total += sent;
  results.push({ operation: op.name, requests: sent, statuses: counts });
  const shown = Object.entries(counts)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(`${op.name.padEnd(66)} ${String(sent).padStart(5)}  ${shown}`);
}
const elapsed = ((Date.now() - started) / 1000).toFixed(0);
console.log(
  `\n${total} requests to ${ops.length} operations in ${elapsed} s${Date.now() >= deadline ? ' (time cap reached)' : ''}`,
);
if (findings.size) {
  console.log(`\nFINDINGS (${findings.size}):`);
  for (const f of findings.values()) {
    console.log(`\n- ${f.op}: ${f.problem} (${f.status}${f.code ? ` ${f.code}` : ''}) × ${f.count}`);
    for (const e of f.examples) {
      console.log(`    as ${e.as}: ${e.request}${e.body !== undefined ? ` ${e.body}` : ''}  [${e.what}]`);
      console.log(`      -> ${e.answer.replaceAll('\n', ' ')}`);
    }
  }
} else {
  console.log('no finding');
}
if (options.out) {
  writeFileSync(
    options.out,
    JSON.stringify(
      {
        base,
        seed: options.seed ?? 1,
        perOp,
        seconds,
        setup: ctx,
        results,
        findings: [...findings.values()],
      },
      null,
      2,
    ),
  );
}
process.exit(findings.size ? 1 : 0);
