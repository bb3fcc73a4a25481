import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, waitForApp, type Language, contextsClosedAfterEach } from '../support/fixtures';
import { text } from '../support/locales';
import {
  harbourBakery,
  login,
  pdf,
  post,
  publishListing,
  registerOwner,
  signedIn,
  type Session,
} from './opportunities-support';

/**
 * The data room end to end, in Arabic and in English, with two browsers: the owner marks a PDF
 * confidential in the edit wizard; an investor sees that one confidential document exists, asks for
 * it with a message and the undertaking; the owner approves on the listing page; the investor
 * downloads it; the owner sees the download in the log. axe on every new screen.
 */

interface Cast {
  opportunityId: number;
  title: string;
  owner: { username: string; session: Session };
  investor: { username: string; session: Session };
  adminToken: string;
}

async function setUp(request: APIRequestContext, language: Language): Promise<Cast> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ownerName = language === 'ar' ? `مالكة ${stamp}` : `Owner ${stamp}`;
  const investorName = language === 'ar' ? `صندوق ${stamp}` : `Fund ${stamp}`;
  const owner = await registerOwner(request, `room-owner-${language}`, ownerName);
  const investor = await registerOwner(request, `room-investor-${language}`, investorName);
  const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const listing = harbourBakery(stamp);
  const id = await publishListing(request, listing, owner.session.accessToken, admin.accessToken);
  return {
    opportunityId: id,
    title: language === 'ar' ? listing.nameAr : listing.name,
    owner: { username: ownerName, session: owner.session },
    investor: { username: investorName, session: investor.session },
    adminToken: admin.accessToken,
  };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForApp(page);
}

const DOC_NAME = 'payroll-2025.pdf';

for (const language of ['ar', 'en'] as const) {
  test.describe(`data room (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string) => text(language, key);
    const contexts = contextsClosedAfterEach();

    test('confidential PDF: marked by the owner, requested, approved, downloaded, logged', async ({
      browser,
      request,
      baseURL,
    }) => {
      const cast = await setUp(request, language);
      const ownerSide = await signedIn(browser, baseURL!, cast.owner.session, language, {
        acceptDownloads: true,
      });
      const investorSide = await signedIn(browser, baseURL!, cast.investor.session, language, {
        acceptDownloads: true,
      });
      contexts.push(ownerSide.context, investorSide.context);
      const ownerPage = ownerSide.page;
      const investorPage = investorSide.page;
      const message =
        language === 'ar'
          ? 'نحن صندوق استثمار في قطاع الأغذية، ونرغب في مراجعة كشوف الرواتب قبل تقديم عرض.'
          : 'We are a food-sector fund and would like to review the payroll before making an offer.';

      await test.step('the owner uploads a PDF in the edit wizard and marks it confidential', async () => {
        await open(ownerPage, `/opportunities/${cast.opportunityId}/edit`);
        await expect(ownerPage.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        // Every step is filled already: four times "next" reaches the documents.
        for (const step of ['location', 'operationDetails', 'financialInfo', 'documents']) {
          await ownerPage.getByRole('button', { name: t('opportunities.wizard.next'), exact: true }).click();
          await expect(
            ownerPage.getByRole('heading', { level: 2, name: t(`opportunities.wizard.steps.${step}`) }),
          ).toBeVisible();
        }
        await ownerPage.locator('[data-dropzone="documents"] input[type=file]').setInputFiles({
          name: DOC_NAME,
          mimeType: 'application/pdf',
          buffer: pdf('Payroll 2025 confidential'),
        });
        const confidential = ownerPage.getByRole('checkbox', {
          name: `${t('opportunities.wizard.confidential')} ${DOC_NAME}`,
        });
        await expect(confidential).not.toBeChecked();
        await confidential.check();
        await expect(ownerPage.getByText(t('opportunities.wizard.confidentialHint'))).toBeVisible();
        await expectNoA11yViolations(ownerPage);
        await ownerPage.getByRole('button', { name: t('opportunities.wizard.next'), exact: true }).click();
        await ownerPage.getByRole('button', { name: t('opportunities.wizard.next'), exact: true }).click();
        await expect(
          ownerPage.getByText(`${DOC_NAME} (${t('opportunities.wizard.confidential')})`),
        ).toBeVisible();
        await ownerPage
          .getByRole('button', { name: t('opportunities.wizard.submitEdit'), exact: true })
          .click();
        await ownerPage.getByRole('button', { name: t('opportunities.wizard.confirm'), exact: true }).click();
        await expect(ownerPage).toHaveURL(new RegExp(`/opportunities/${cast.opportunityId}$`));
        // The edit sent it back to review; the admin approves it again.
        const approved = await post(
          request,
          `/api/admin/opportunities/${cast.opportunityId}/approve`,
          {},
          cast.adminToken,
        );
        expect(approved.status(), 'approve the edit').toBe(200);
      });

      await test.step('the investor sees one confidential document and asks for it', async () => {
        await open(investorPage, `/opportunities/${cast.opportunityId}`);
        await expect(investorPage.getByRole('heading', { level: 1, name: cast.title })).toBeVisible();
        const room = investorPage.getByRole('region', { name: t('data-room.panel.title') });
        await expect(room.getByText(t('data-room.panel.count_one'))).toBeVisible();
        // Not in the documents list yet, only counted.
        await expect(investorPage.getByText(DOC_NAME)).toHaveCount(0);
        await room.getByRole('button', { name: t('data-room.panel.request'), exact: true }).click();
        const form = room.getByRole('form', { name: t('data-room.form.title') });
        await expect(form.getByText(t('data-room.form.undertaking'))).toBeVisible();
        // Too short and the undertaking not accepted: both refused in the browser, in the UI language.
        await form.getByLabel(t('data-room.form.message'), { exact: true }).fill('short');
        await form.getByRole('button', { name: t('data-room.form.submit'), exact: true }).click();
        await expect(
          form.getByText(
            language === 'ar' ? 'الرسالة يجب ألا تقل عن 10 أحرف' : 'Message must be at least 10 characters',
          ),
        ).toBeVisible();
        await expect(
          form.getByText(
            language === 'ar'
              ? 'يجب الموافقة على تعهد السرية'
              : 'You must accept the confidentiality undertaking',
          ),
        ).toBeVisible();
        await expectNoA11yViolations(investorPage);
        await form.getByLabel(t('data-room.form.message'), { exact: true }).fill(message);
        await form.getByRole('checkbox', { name: t('data-room.form.accept') }).check();
        await form.getByRole('button', { name: t('data-room.form.submit'), exact: true }).click();
        await expect(room.getByText(t('data-room.status.pending'), { exact: true })).toBeVisible();
        await expect(room.getByText(t('data-room.panel.pending'))).toBeVisible();
        await expectNoA11yViolations(investorPage);
      });

      await test.step('the owner reads the request on the listing and approves it', async () => {
        await open(ownerPage, `/opportunities/${cast.opportunityId}`);
        const room = ownerPage.getByRole('region', { name: t('data-room.owner.title') });
        const item = room.getByRole('listitem').filter({ hasText: cast.investor.username });
        await expect(item.getByText(message)).toBeVisible();
        await expect(item.getByText(t('data-room.status.pending'), { exact: true })).toBeVisible();
        await expect(room.getByText(t('data-room.downloads.empty'))).toBeVisible();
        await expectNoA11yViolations(ownerPage);
        await item
          .getByRole('button', { name: `${t('data-room.owner.approve')}: ${cast.investor.username}` })
          .click();
        await expect(item.getByText(t('data-room.status.approved'), { exact: true })).toBeVisible();
        await expect(
          item.getByRole('button', { name: `${t('data-room.owner.revoke')}: ${cast.investor.username}` }),
        ).toBeVisible();
      });

      await test.step('the investor sees the approval in the profile tab and downloads the PDF', async () => {
        await open(investorPage, '/profile?tab=access-requests');
        const made = investorPage.getByRole('region', { name: t('data-room.tab.made') });
        const row = made
          .getByRole('listitem')
          .filter({ has: investorPage.getByRole('link', { name: cast.title }) });
        await expect(row.getByText(t('data-room.status.approved'), { exact: true })).toBeVisible();
        await expectNoA11yViolations(investorPage);

        await open(investorPage, `/opportunities/${cast.opportunityId}`);
        const room = investorPage.getByRole('region', { name: t('data-room.panel.title') });
        await expect(room.getByText(t('data-room.panel.approved'))).toBeVisible();
        const link = investorPage.getByRole('link', {
          name: t('opportunities.detail.download').replace('{{name}}', DOC_NAME),
        });
        const downloading = investorPage.waitForEvent('download');
        await link.click();
        const download = await downloading;
        expect(download.suggestedFilename()).toBe(DOC_NAME);
        const bytes = await readFile((await download.path())!);
        expect(bytes.toString('latin1')).toContain('Payroll 2025 confidential');
      });

      await test.step('the owner sees who downloaded what, and the request among those on their listings', async () => {
        await open(ownerPage, `/opportunities/${cast.opportunityId}`);
        const log = ownerPage.getByRole('region', { name: t('data-room.downloads.title') });
        const entry = log.getByRole('row').filter({ hasText: cast.investor.username });
        await expect(entry.getByRole('cell', { name: DOC_NAME })).toBeVisible();
        await expectNoA11yViolations(ownerPage);

        await open(ownerPage, '/profile?tab=access-requests');
        const received = ownerPage.getByRole('region', { name: t('data-room.tab.received') });
        const row = received.getByRole('listitem').filter({ hasText: cast.investor.username });
        await expect(row.getByText(t('data-room.status.approved'), { exact: true })).toBeVisible();
        await expect(
          ownerPage
            .getByRole('region', { name: t('data-room.tab.made') })
            .getByText(t('data-room.tab.madeEmpty')),
        ).toBeVisible();
        await expectNoA11yViolations(ownerPage);
      });
    });
  });
}
