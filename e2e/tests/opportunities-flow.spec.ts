import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { validationMessage } from '@safqa/shared/validation/messages';
import {
  ADMIN,
  dropFile,
  expectAccessible,
  login,
  pdf,
  png,
  post,
  registerOwner,
  useSession,
  type Session,
} from './opportunities-support';

/**
 * The life of one listing, in Arabic and in English: created through the six steps with two
 * pictures and a PDF, pending in "my opportunities", approved by an admin through the API, found by
 * text and by category tile, seen signed out (no financials) and signed in (financials, documents),
 * bookmarked, and shared as the PDF teaser. Texts come from the web app's catalogues.
 */

type Catalogue = Record<string, unknown>;
const locales = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
function catalogue(lng: string, area: string): Catalogue {
  return JSON.parse(readFileSync(path.join(locales, lng, `${area}.json`), 'utf8')) as Catalogue;
}
function text(source: Catalogue, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], source);
  if (typeof value !== 'string') throw new Error(`no text ${key}`);
  return value;
}

for (const lng of ['ar', 'en'] as const) {
  const o = (key: string) => text(catalogue(lng, 'opportunities'), key);
  const l = (key: string) => text(catalogue(lng, 'listings'), key);
  const home = (key: string) => text(catalogue(lng, 'home'), key);
  const adv = (key: string) => text(catalogue(lng, 'advisors'), key);

  test.describe(`opportunity from listing to bookmark (${lng})`, () => {
    test.describe.configure({ mode: 'serial' });
    const stamp = `zq${Date.now().toString(36)}${lng}`;
    const nameAr = `مقهى البستان ${stamp}`;
    const nameEn = `Orchard Cafe ${stamp}`;
    let owner: Session;
    let id = 0;

    const next = (page: Page) => page.getByRole('button', { name: o('wizard.next'), exact: true }).click();

    test('an owner lists it through the six steps with two pictures and a PDF', async ({
      page,
      context,
      request,
    }) => {
      owner = (await registerOwner(request, lng)).session;
      await useSession(context, owner, lng);
      await page.goto('/opportunities/add');
      await expect(page.getByRole('heading', { level: 1, name: o('wizard.addTitle') })).toBeVisible();
      await expectAccessible(page);

      // 1. Basic info (and a logo)
      await page.getByLabel(o('fields.nameAr')).fill(nameAr);
      await page.getByLabel(o('fields.name')).fill(nameEn);
      await page.getByLabel(o('fields.businessTypeId')).selectOption('8');
      await page
        .getByLabel(o('fields.descriptionAr'))
        .fill('مقهى مختص في حي هادئ بالرياض، له زبائن دائمون ومطبخ صغير.');
      await page
        .getByLabel(o('fields.description'))
        .fill('A specialty café in a quiet Riyadh district with loyal regulars and a small kitchen.');
      await page
        .getByLabel(o('wizard.uploadLogo'))
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(64, 64, [15, 118, 110]) });
      await expect(page.getByText(o('wizard.changeLogo'))).toBeVisible();
      await next(page);

      // 2. Location: the city list follows the region
      await expect(page.getByRole('heading', { level: 2, name: o('wizard.steps.location') })).toBeVisible();
      await next(page);
      await expect(page.getByText(validationMessage('required', lng)).first()).toBeVisible();
      await page.getByLabel(o('fields.regionId')).selectOption('1');
      await page.getByLabel(o('fields.cityId')).selectOption({ index: 1 });
      await next(page);

      // 3. Operation details
      await page.getByLabel(o('fields.facilitySize')).fill('12');
      await page.getByLabel(o('fields.facilityFoundationDay')).fill('2019-03-01');
      await next(page);

      // 4. Financial info
      await page.getByLabel(o('fields.offeredPercentage')).fill('25');
      await page.getByLabel(o('fields.expectedYearProfitPercentage')).fill('18');
      await page.getByLabel(o('fields.requiredAmount')).fill('500000');
      await page.getByLabel(o('fields.yearlySales')).fill('1234567');
      await page.getByLabel(o('fields.yearlyOperationalCost')).fill('900000');
      await page.getByLabel(o('fields.ebitda')).fill('334567');
      await page.getByLabel(o('fields.negotiable')).check();
      await next(page);

      // 5. Pictures (one dropped, one chosen) and a PDF
      await expect(page.getByRole('heading', { level: 2, name: o('wizard.steps.documents') })).toBeVisible();
      await dropFile(page, '[data-dropzone="images"]', {
        name: 'front.png',
        mimeType: 'image/png',
        buffer: png(320, 200, [200, 120, 40]),
      });
      await expect(
        page.getByRole('img', { name: o('wizard.imageAlt').replace('{{number}}', '1') }),
      ).toBeVisible();
      await page
        .locator('[data-dropzone="images"] input[type=file]')
        .setInputFiles({ name: 'inside.png', mimeType: 'image/png', buffer: png(320, 200, [40, 90, 200]) });
      await expect(
        page.getByRole('button', { name: o('wizard.removeImage').replace('{{number}}', '2') }),
      ).toBeVisible();
      await page.locator('[data-dropzone="documents"] input[type=file]').setInputFiles({
        name: 'accounts-2025.pdf',
        mimeType: 'application/pdf',
        buffer: pdf('Accounts 2025'),
      });
      // In the list once uploaded (the progress bar shows the name while it uploads).
      await expect(
        page.getByRole('button', {
          name: o('wizard.removeDocument').replace('{{name}}', 'accounts-2025.pdf'),
        }),
      ).toBeVisible();
      await next(page);

      // 6. Contact info: a local number is normalised
      const phone = page.getByLabel(o('fields.contactPhone'));
      await phone.fill('0551234567');
      await phone.blur();
      await expect(phone).toHaveValue('966551234567');
      await next(page);

      // Review, then send
      await expect(page.getByRole('heading', { level: 2, name: o('wizard.steps.review') })).toBeVisible();
      await expect(page.getByText(nameAr)).toBeVisible();
      await page.getByRole('button', { name: o('wizard.submit') }).click();
      await expect(page).toHaveURL(/\/opportunities\/\d+$/);
      id = Number(new URL(page.url()).pathname.split('/').pop());
      const panel = page.getByRole('region', { name: o('owner.title') });
      await expect(panel.getByText(l('status.pending'), { exact: true })).toBeVisible();
    });

    test('it waits in "my opportunities" as pending', async ({ page, context }) => {
      await useSession(context, owner, lng);
      await page.goto('/profile?tab=my-opportunities&myStatus=pending');
      const row = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: lng === 'ar' ? nameAr : nameEn }) });
      await expect(row.getByText(l('status.pending'), { exact: true })).toBeVisible();
      await expectAccessible(page);
    });

    test('an admin approves it; text search and the category tile find it', async ({
      page,
      context,
      request,
    }) => {
      const admin = await login(request, ADMIN.email, ADMIN.password);
      const approved = await post(request, `/api/admin/opportunities/${id}/approve`, {}, admin.accessToken);
      expect(approved.status(), 'approve through the admin API').toBe(200);

      await useSession(context, null, lng);
      await page.goto('/search');
      await page.getByRole('searchbox', { name: o('search.text') }).fill(stamp);
      await page.getByRole('button', { name: o('search.submit'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
      await expect(page.getByRole('link', { name: lng === 'ar' ? nameAr : nameEn })).toBeVisible();
      await expectAccessible(page);

      await page.goto('/');
      await page.getByRole('link', { name: new RegExp(home('categories.food')) }).click();
      await expect(page).toHaveURL(/\/search\?businessTypeId=8&sort=newest&page=1$/);
      await expect(page.getByRole('link', { name: lng === 'ar' ? nameAr : nameEn })).toBeVisible();
    });

    test('signed out it shows no financials; signed in it shows financials and documents', async ({
      browser,
    }) => {
      const anonymous = await browser.newContext();
      await useSession(anonymous, null, lng);
      const visitor = await anonymous.newPage();
      await visitor.goto(`/opportunities/${id}`);
      const lockedFinancials = visitor.getByRole('region', { name: o('detail.financials') });
      await expect(lockedFinancials.getByRole('link', { name: o('detail.signIn') })).toBeVisible();
      await expect(visitor.getByText('1,234,567')).toHaveCount(0);
      await expect(visitor.getByText('accounts-2025.pdf')).toHaveCount(0);
      await expectAccessible(visitor);
      await anonymous.close();

      const member = await browser.newContext();
      await useSession(member, owner, lng);
      const page = await member.newPage();
      await page.goto(`/opportunities/${id}`);
      const financials = page.getByRole('region', { name: o('detail.financials') });
      await expect(financials.getByText(/1,234,567/)).toBeVisible();
      const documentLink = page.getByRole('link', {
        name: o('detail.download').replace('{{name}}', 'accounts-2025.pdf'),
      });
      await expect(documentLink).toBeVisible();
      const download = await page.request.get((await documentLink.getAttribute('href'))!);
      expect(download.status()).toBe(200);
      expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await expectAccessible(page);
      await member.close();
    });

    test('it can be downloaded as the PDF teaser', async ({ page, context }) => {
      // Bookmarking is a member's, never the owner's (owner-listing-friction.spec.ts covers both).
      await useSession(context, owner, lng);
      await page.goto(`/opportunities/${id}`);
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: o('share.pdf') }).click(),
      ]);
      // Named in the reader's language: the Arabic name for Arabic, the English slug otherwise.
      expect(file.suggestedFilename()).toMatch(
        new RegExp(`^(صفقة-مقهى-البستان|safqa-orchard-cafe)-${stamp}-${id}\\.pdf$`),
      );
      const bytes = readFileSync((await file.path())!);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

      await page.goto(`/opportunities/${id}/advisors`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page);

      // Advisors of a listing that does not exist: said plainly, with a way on, and no useless Retry.
      await page.goto('/opportunities/2147483000/advisors');
      await expect(page.getByRole('heading', { level: 1, name: adv('notFound.title') })).toBeVisible();
      await expect(page.getByRole('link', { name: adv('notFound.search') })).toHaveAttribute(
        'href',
        '/search',
      );
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}
