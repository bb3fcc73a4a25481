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
      // A FAQ of this test's own, added and deleted at once: its number is new, so exactly these two
      // writes are filed under it whatever the other FAQ tests did before (and on a retry).
      const headers = { ...(await csrfHeaders(request)), authorization: `Bearer ${token}` };
      const stamp = `${language}-${Date.now()}`;
      const created = await request.post('/api/admin/faqs', {
        data: {
          questionAr: `سؤال سجل التدقيق ${stamp}؟`,
          answerAr: `جواب سجل التدقيق ${stamp}.`,
          questionEn: `Audit log question ${stamp}?`,
          answerEn: `Audit log answer ${stamp}.`,
        },
        headers,
      });
      expect(created.status()).toBe(201);
      const faqId = String(((await created.json()) as { data: { id: number } }).data.id);
      const deleted = await request.delete(`/api/admin/faqs/${faqId}`, { headers });
      expect(deleted.status()).toBe(204);

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
      await expect(rows.nth(0)).toContainText(t('admin.audit.actions.faq.delete'));
      await expect(rows.nth(1)).toContainText(t('admin.audit.actions.faq.create'));
      await expect(rows.nth(1)).toContainText(`#${faqId}`);
      await expectNoA11yViolations(page);

      await filters.getByLabel(t('admin.audit.action')).selectOption('faq.create');
      await filters.getByRole('button', { name: t('admin.audit.apply') }).click();
      await expect(page).toHaveURL(/action=faq\.create/);
      await expect(rows).toHaveCount(1);
      await expect(rows.nth(0)).toContainText(t('admin.audit.actions.faq.create'));

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
