import { expectNoA11yViolations } from '../support/axe';
import { apiPost } from '../support/api';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import {
  apiDelete,
  auth,
  escapeRegExp,
  nameIn,
  ownerWithPendingListings,
  sessionToken,
  signInAsAdmin,
  ui,
  uniqueStamp,
  type Owner,
} from './admin-support';
import { useSession } from './opportunities-support';

/**
 * The admin panel issue end to end, in Arabic and in English. A member who opens /admin sees the
 * access message and the API refuses them. The admin signs in through the login page and lands on
 * /admin; rejects a pending listing with a reason (the owner's email shows in /dev/mail); approves
 * another (search finds it); adds a business type (the search filter offers it); adds and edits a
 * FAQ (the public page shows the edit); resolves an error log reported by the web app. axe-core
 * checks every admin page on the way. Everything is created by the test under unique names, and
 * what would stay in shared lists (business type, FAQ) is deleted at the end.
 */

for (const language of ['ar', 'en'] as const) {
  test.describe(`admin panel (${language})`, () => {
    test.use({ language });
    // Owner set-up and admin sign-in each solve a proof of work; a busy machine needs minutes.
    test.describe.configure({ timeout: 240_000 });
    const t = (key: string, values?: Record<string, string | number>) => ui(language, key, values);
    let owner: Owner;

    test.beforeAll(async ({ request }) => {
      test.setTimeout(180_000);
      owner = await ownerWithPendingListings(request, language);
    });

    test('a member who opens /admin sees the access message, and the API refuses them', async ({
      page,
      context,
      request,
    }) => {
      await useSession(context, owner.session, language);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: t('admin.access.title') })).toBeVisible();
      await expect(page.getByText(t('admin.access.body'))).toBeVisible();
      await expect(page.getByRole('link', { name: t('admin.access.home') })).toBeVisible();
      await expect(page.getByRole('navigation', { name: t('admin.nav.label') })).toHaveCount(0);
      // Signed in, yet the header offers no Admin link.
      const header = page.getByRole('banner');
      await expect(header.getByRole('button', { name: t('common.nav.logout') })).toBeVisible();
      await expect(header.getByRole('link', { name: t('common.nav.admin'), exact: true })).toHaveCount(0);
      await expectNoA11yViolations(page);

      const asOwner = await request.get('/api/admin/stats', { headers: auth(owner.session) });
      expect(asOwner.status()).toBe(403);
      expect(((await asOwner.json()) as { code: string }).code).toBe('FORBIDDEN');
      const anonymous = await request.get('/api/admin/stats');
      expect(anonymous.status()).toBe(401);
      // Nor may an owner approve their own listing.
      const selfApproval = await apiPost(
        request,
        `/api/admin/opportunities/${owner.toApprove.id}/approve`,
        {},
        auth(owner.session),
      );
      expect(selfApproval.status()).toBe(403);
      const listing = await request.get(`/api/opportunities/${owner.toApprove.id}`, {
        headers: auth(owner.session),
      });
      expect(((await listing.json()) as { status: string }).status).toBe('pending');
    });

    test('the admin signs in, moderates, edits lists and FAQs, and resolves an error', async ({
      page,
      request,
    }) => {
      const sidebar = page.getByRole('navigation', { name: t('admin.nav.label') });
      const toast = page.getByRole('status');
      const stamp = uniqueStamp(language);
      const cleanUp: string[] = [];

      await test.step('signs in and lands on the dashboard', async () => {
        await signInAsAdmin(page, language);
        await expect(page).toHaveURL(/\/admin$/);
        await expect(page.getByRole('heading', { level: 1, name: t('admin.dashboard.title') })).toBeVisible();
        await expect(page.getByRole('heading', { name: t('admin.dashboard.counts') })).toBeAttached();
        await expect(
          page.getByRole('banner').getByRole('link', { name: t('common.nav.admin'), exact: true }),
        ).toBeVisible();
        await expectNoA11yViolations(page);
      });

      try {
        await test.step('rejects a pending listing with a reason; the owner is emailed it', async () => {
          const name = nameIn(owner.toReject, language);
          const reason = `${language === 'ar' ? 'الصور لا تظهر المحل من الداخل' : 'The pictures do not show the shop inside'} (${stamp})`;
          await sidebar.getByRole('link', { name: t('admin.nav.opportunities') }).click();
          await expect(
            page.getByRole('heading', { level: 1, name: t('admin.moderation.title') }),
          ).toBeVisible();
          await expect(
            page.getByRole('tab', { name: new RegExp(`^${escapeRegExp(t('admin.status.pending'))}`) }),
          ).toHaveAttribute('aria-selected', 'true');
          const card = page
            .getByRole('article')
            .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
          await expect(card).toBeVisible();
          await expectNoA11yViolations(page);

          await card.getByRole('button', { name: t('admin.moderation.reject'), exact: true }).click();
          const dialog = page.getByRole('dialog', { name: t('admin.moderation.rejectTitle') });
          await expect(dialog).toBeVisible();
          await dialog.getByLabel(t('admin.moderation.reason')).fill(reason);
          await dialog.getByRole('button', { name: t('admin.moderation.reject'), exact: true }).click();
          await expect(dialog).toBeHidden();
          await expect(toast.filter({ hasText: t('admin.moderation.rejectDone', { name }) })).toBeVisible();
          await expect(card).toHaveCount(0);

          await page
            .getByRole('tab', { name: new RegExp(`^${escapeRegExp(t('admin.status.rejected'))}`) })
            .click();
          await expect(card).toBeVisible();
          await expect(card.getByText(reason)).toBeVisible();

          await waitForMail(request, owner.email, (m) => m.text.includes(reason));
          await page.goto(`/dev/mail?to=${encodeURIComponent(owner.email)}`);
          const mail = page.getByRole('article', { name: new RegExp(escapeRegExp(name)) });
          await expect(mail).toBeVisible();
          await expect(mail.getByText(reason)).toBeVisible();
        });

        await test.step('approves another listing; search finds it', async () => {
          const name = nameIn(owner.toApprove, language);
          await page.goto('/admin/opportunities?status=pending');
          await page.getByRole('link', { name: `${t('admin.moderation.review')} ${name}` }).click();
          await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
          const decisions = page.getByRole('region', { name: t('admin.review.decisions') });
          await decisions.getByRole('button', { name: t('admin.moderation.approve'), exact: true }).click();
          await expect(toast.filter({ hasText: t('admin.moderation.approveDone', { name }) })).toBeVisible();
          await expect(page.getByRole('link', { name: t('admin.review.publicPage') })).toBeVisible();
          await expect(decisions.getByRole('button', { name: t('admin.moderation.suspend') })).toBeVisible();

          await page.goto('/search');
          await page
            .getByRole('searchbox', { name: t('opportunities.search.text') })
            .fill(owner.toApprove.word);
          await page.getByRole('button', { name: t('opportunities.search.submit'), exact: true }).click();
          await expect(page).toHaveURL(new RegExp(`q=${owner.toApprove.word}`));
          await expect(page.getByRole('link', { name })).toBeVisible();
        });

        await test.step('adds a business type; the search filter offers it', async () => {
          const type = { ar: `نشاط تجريبي ${stamp}`, en: `Trial sector ${stamp}` };
          const shown = language === 'en' ? type.en : type.ar;
          const singular = t('admin.lookups.business-types.singular');
          await page.goto('/admin');
          await sidebar.getByRole('link', { name: t('admin.lookups.business-types.title') }).click();
          await expect(
            page.getByRole('heading', { level: 1, name: t('admin.lookups.business-types.title') }),
          ).toBeVisible();
          await expect(
            page.getByRole('table', { name: t('admin.lookups.business-types.title') }),
          ).toBeVisible();
          await expectNoA11yViolations(page);

          await page.getByRole('button', { name: t('admin.lookups.add', { name: singular }) }).click();
          const dialog = page.getByRole('dialog', { name: t('admin.lookups.addTitle', { name: singular }) });
          await dialog.getByLabel(t('admin.lookups.nameAR')).fill(type.ar);
          await dialog.getByLabel(t('admin.lookups.nameEN')).fill(type.en);
          await dialog.getByRole('button', { name: t('admin.actions.save') }).click();
          await expect(dialog).toBeHidden();
          await expect(toast.filter({ hasText: t('admin.lookups.created') })).toBeVisible();
          await expect(page.getByRole('rowheader', { name: type.ar, exact: true })).toBeVisible();

          await page.goto('/search');
          const sector = page.getByLabel(t('opportunities.search.businessType'));
          await expect(sector.getByRole('option', { name: shown, exact: true })).toBeAttached();
          await sector.selectOption({ label: shown });
          await expect(page).toHaveURL(/[?&]businessTypeId=\d+/);
          const id = new URL(page.url()).searchParams.get('businessTypeId');
          cleanUp.push(`/api/admin/lookups/business-types/${id}`);
          await expect(sector.getByRole('option', { name: shown, exact: true })).toHaveJSProperty(
            'selected',
            true,
          );
        });

        await test.step('adds and edits a FAQ; the public page shows the edit', async () => {
          const first = { questionAr: `كيف أجرب ${stamp}؟`, questionEn: `How do I try ${stamp}?` };
          const edited = {
            questionAr: `كيف أراجع ${stamp}؟`,
            answerAr: `راجعها من لوحة الإدارة ${stamp}.`,
            questionEn: `How do I review ${stamp}?`,
            answerEn: `Review it from the admin panel ${stamp}.`,
          };
          const question = (faq: { questionAr: string; questionEn: string }) =>
            language === 'en' ? faq.questionEn : faq.questionAr;
          await page.goto('/admin/faqs');
          await expect(page.getByRole('heading', { level: 1, name: t('admin.faqs.title') })).toBeVisible();
          await expect(page.getByRole('listitem').first()).toBeVisible();
          await expectNoA11yViolations(page);

          await page.getByRole('button', { name: t('admin.faqs.add') }).click();
          const adding = page.getByRole('dialog', { name: t('admin.faqs.addTitle') });
          await adding.getByLabel(t('admin.faqs.questionAr')).fill(first.questionAr);
          await adding.getByLabel(t('admin.faqs.answerAr')).fill(`جرّبها من الصفحة ${stamp}.`);
          await adding.getByLabel(t('admin.faqs.questionEn')).fill(first.questionEn);
          await adding.getByLabel(t('admin.faqs.answerEn')).fill(`Try it from the page ${stamp}.`);
          await adding.getByRole('button', { name: t('admin.actions.save') }).click();
          await expect(adding).toBeHidden();
          await expect(page.getByRole('heading', { level: 2, name: question(first) })).toBeVisible();
          const faqs = (await (
            await request.get('/api/admin/faqs', { headers: auth(await sessionToken(page)) })
          ).json()) as { data: { id: number; questionEn: string }[] };
          const created = faqs.data.find((faq) => faq.questionEn === first.questionEn);
          expect(created, 'the new FAQ in GET /api/admin/faqs').toBeDefined();
          cleanUp.push(`/api/admin/faqs/${created!.id}`);

          await page
            .getByRole('button', { name: t('admin.actions.editNamed', { name: question(first) }) })
            .click();
          const editing = page.getByRole('dialog', { name: t('admin.faqs.editTitle') });
          await expect(editing.getByLabel(t('admin.faqs.questionEn'))).toHaveValue(first.questionEn);
          for (const [field, value] of Object.entries(edited)) {
            await editing.getByLabel(t(`admin.faqs.${field}`)).fill(value);
          }
          await editing.getByRole('button', { name: t('admin.actions.save') }).click();
          await expect(editing).toBeHidden();
          await expect(toast.filter({ hasText: t('admin.faqs.updated') })).toBeVisible();
          await expect(page.getByRole('heading', { level: 2, name: question(edited) })).toBeVisible();

          await page.goto('/faq');
          const item = page.getByRole('button', { name: question(edited) });
          await expect(item).toBeVisible();
          await expect(page.getByRole('button', { name: question(first) })).toHaveCount(0);
          await item.click();
          await expect(page.getByText(language === 'en' ? edited.answerEn : edited.answerAr)).toBeVisible();
        });

        await test.step('searches users by a fragment of the email; under 3 characters is explained', async () => {
          // The step before ends on the public FAQ page: back into the panel first.
          await page.goto('/admin');
          await sidebar.getByRole('link', { name: t('admin.nav.users') }).click();
          await expect(page.getByRole('heading', { level: 1, name: t('admin.users.title') })).toBeVisible();
          const box = page.getByRole('searchbox', { name: t('admin.users.search') });
          await box.fill('ab');
          await box.press('Enter');
          await expect(page.getByText(t('admin.actions.searchMin', { min: 3 }))).toBeVisible();
          await expect(page).not.toHaveURL(/[?&]q=/);
          await expectNoA11yViolations(page);
          // The part before the @ of the owner's unique address, typed in capitals.
          const fragment = owner.email.split('@')[0]!.toUpperCase();
          await box.fill(fragment);
          await box.press('Enter');
          const table = page.getByRole('table', { name: t('admin.users.title') });
          await expect(table.getByRole('row')).toHaveCount(2);
          await expect(table.getByText(owner.email, { exact: true })).toBeVisible();
        });

        await test.step('resolves an error reported by the web app', async () => {
          const message = `E2E admin panel crash ${stamp}`;
          const reported = await apiPost(request, '/api/error-logs', {
            message,
            stack: `Error: ${message}\n    at AdminPanelSpec (admin-panel.spec.ts:1:1)`,
            path: '/admin-panel-e2e',
          });
          expect(reported.status()).toBe(202);

          await page.goto('/admin');
          await sidebar.getByRole('link', { name: t('admin.nav.errorLogs') }).click();
          await expect(page.getByRole('heading', { level: 1, name: t('admin.errors.title') })).toBeVisible();
          await expect(page.getByText(t('admin.errors.total'))).toBeVisible();
          await expectNoA11yViolations(page);

          await page.getByRole('tab', { name: t('admin.errors.listTab') }).click();
          const status = page.getByLabel(t('admin.errors.filter'));
          await status.selectOption({ label: t('admin.errors.filters.unresolved') });
          const entry = page.getByRole('listitem').filter({ hasText: message });
          await expect(entry).toBeVisible();
          await expect(entry.getByText(t('admin.errors.isUnresolved'), { exact: true })).toBeVisible();
          await expectNoA11yViolations(page);

          await entry.getByRole('button', { name: t('admin.errors.markResolved') }).click();
          await expect(toast.filter({ hasText: t('admin.errors.resolvedDone') })).toBeVisible();
          await expect(entry).toHaveCount(0);
          await status.selectOption({ label: t('admin.errors.filters.resolved') });
          await expect(entry.getByText(t('admin.errors.isResolved'), { exact: true })).toBeVisible();
          await expect(entry.getByRole('button', { name: t('admin.errors.markUnresolved') })).toBeVisible();
        });
      } finally {
        // The business type and the FAQ would otherwise stay in lists every other test reads. Soft,
        // so that a failed clean-up never hides the failure that cut the journey short.
        if (cleanUp.length > 0) {
          const token = await sessionToken(page);
          for (const url of cleanUp) {
            expect.soft((await apiDelete(request, url, token)).status(), `DELETE ${url}`).toBe(204);
          }
        }
      }
    });
  });
}
