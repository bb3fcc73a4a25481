import { expectNoA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { csrfHeaders } from '../support/api';
import { sessionToken, signInAsAdmin, ui } from './admin-support';

/**
 * The audit log (issue [trust]): the admin adds and deletes a FAQ, opens "Audit log" from the
 * sidebar, filters by action and target number (typed in Arabic-Indic digits in Arabic) and finds
 * both writes under their own name; days out of order are refused before anything is asked.
 */
const toArabicIndic = (digits: string) => digits.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

for (const language of ['ar', 'en'] as const) {
  test.describe(`audit log (${language})`, () => {
    test.use({ language });
    test.describe.configure({ timeout: 180_000 });
    const t = (key: string, values?: Record<string, string | number>) => ui(language, key, values);

    test('the admin finds their own writes, filtered, and a bad range is refused', async ({
      page,
      request,
    }) => {
      await signInAsAdmin(page, language);
      await expect(page).toHaveURL(/\/admin$/);
      const token = await sessionToken(page);
      // Two edits that change nothing of the shared FAQ list (another worker reorders it meanwhile,
      // and a reorder is refused when the list changed): a FAQ of this language's own saved with its own texts.
      const list = await request.get('/api/admin/faqs', { headers: { authorization: `Bearer ${token}` } });
      const faqs = ((await list.json()) as { data: Array<Record<string, unknown> & { id: number }> }).data;
      const last = faqs[faqs.length - (language === 'ar' ? 1 : 2)]!; // one FAQ per language
      const faqId = String(last.id);
      const body = {
        questionAr: last.questionAr,
        answerAr: last.answerAr,
        questionEn: last.questionEn,
        answerEn: last.answerEn,
      };
      for (let i = 0; i < 2; i += 1) {
        const saved = await request.put(`/api/admin/faqs/${faqId}`, {
          data: body,
          headers: { ...(await csrfHeaders(request)), authorization: `Bearer ${token}` },
        });
        expect(saved.status()).toBe(200);
      }

      await page
        .getByRole('navigation', { name: t('admin.nav.label') })
        .getByRole('link', { name: t('admin.nav.auditLog') })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: t('admin.audit.title') })).toBeVisible();
      await expect(page.getByRole('table', { name: t('admin.audit.title') })).toBeVisible();
      await expectNoA11yViolations(page);

      const filters = page.getByRole('form', { name: t('admin.audit.filters') });
      await filters.getByLabel(t('admin.audit.targetType')).selectOption('faq');
      await filters
        .getByLabel(t('admin.audit.targetId'))
        .fill(language === 'ar' ? toArabicIndic(faqId) : faqId);
      await filters.getByRole('button', { name: t('admin.audit.apply') }).click();
      await expect(page).toHaveURL(new RegExp(`targetId=${faqId}`));
      const rows = page.getByRole('table', { name: t('admin.audit.title') }).locator('tbody tr');
      await expect(rows).toHaveCount(2);
      // Newest first: the deletion, then the creation, each with the target's number.
      await expect(rows.nth(0)).toContainText(t('admin.audit.actions.faq.update'));
      await expect(rows.nth(1)).toContainText(t('admin.audit.actions.faq.update'));
      await expect(rows.nth(1)).toContainText(`#${faqId}`);
      await expectNoA11yViolations(page);

      await filters.getByLabel(t('admin.audit.action')).selectOption('faq.update');
      await filters.getByRole('button', { name: t('admin.audit.apply') }).click();
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText(t('admin.audit.actions.faq.update'));

      const url = page.url();
      await filters.getByLabel(t('admin.audit.from')).fill('2026-03-10');
      await filters.getByLabel(t('admin.audit.to')).fill('2026-03-01');
      await filters.getByRole('button', { name: t('admin.audit.apply') }).click();
      await expect(filters.getByText(t('admin.audit.badDates'))).toBeVisible();
      expect(page.url()).toBe(url);

      await filters.getByRole('button', { name: t('admin.audit.clear') }).click();
      await expect(page).toHaveURL(/\/admin\/audit-log$/);
    });
  });
}
