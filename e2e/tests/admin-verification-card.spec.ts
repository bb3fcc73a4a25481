import { expectNoA11yViolations } from '../support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/env';
import { expect, test, contextsClosedAfterEach, waitForApp } from '../support/fixtures';
import { glyphBoxes } from '../support/glyphs';
import { text } from '../support/locales';
import { login, pdf, registerOwner, signedIn } from './opportunities-support';

/**
 * The admin's verification card on a phone ([polish-2]): every number on it in Latin digits (dates,
 * size; nothing formatted outside lib/format.ts), and the file's name, "كشف حساب 2026.pdf", read in its
 * order inside the "open the file" button, not "كشف حساب pdf.2026".
 */

const FILE_NAME = 'كشف حساب 2026.pdf';
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;

for (const language of ['ar', 'en'] as const) {
  test.describe(`admin verification card (${language})`, () => {
    const contexts = contextsClosedAfterEach();

    test('Latin digits throughout, and the file name in its order', async ({ browser, request, baseURL }) => {
      const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const user = await registerOwner(request, `verify-${language}`, `مشتري ${stamp}`);
      await request.get('/api/health');
      const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      const sent = await request.post('/api/users/me/verification', {
        headers: { authorization: `Bearer ${user.session.accessToken}`, 'x-xsrf-token': xsrf },
        multipart: {
          kind: 'proof_of_funds',
          file: { name: FILE_NAME, mimeType: 'application/pdf', buffer: pdf(`bank ${stamp}`) },
        },
      });
      expect(sent.status(), 'send the verification request').toBe(201);
      const admin = await login(request, ADMIN_EMAIL, ADMIN_PASSWORD);
      const { context, page } = await signedIn(browser, baseURL!, admin, language, {
        viewport: { width: 375, height: 800 },
        isMobile: true,
        hasTouch: true,
      });
      contexts.push(context);

      await page.goto('/admin/verifications');
      await waitForApp(page);
      const card = page.getByTestId('admin-verification').filter({ hasText: `مشتري ${stamp}` });
      await expect(card).toBeVisible();
      expect(await card.innerText()).not.toMatch(ARABIC_INDIC_DIGITS);
      await expect(card).toContainText(text(language, 'admin.verifications.size').replace('{{size}}', '1'));

      const button = card.getByRole('link', {
        name: `${text(language, 'admin.verifications.openFile')} ${FILE_NAME}`,
      });
      await expect(button).toBeVisible();
      const boxes = await glyphBoxes(button, { year: '2026', extension: '.pdf', arabic: 'كشف' });
      expect(boxes.year.right, '"2026" is drawn before ".pdf"').toBeLessThanOrEqual(
        boxes.extension.left + 0.5,
      );
      expect(boxes.extension.right, '"2026.pdf" is left of the Arabic words').toBeLessThanOrEqual(
        boxes.arabic.left + 0.5,
      );
      await page.screenshot({
        path: test.info().outputPath(`verification-card-${language}.png`),
        fullPage: true,
      });
      await expectNoA11yViolations(page);
    });
  });
}
