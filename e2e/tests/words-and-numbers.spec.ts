import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN_PASSWORD } from '../support/env.ts';
import { signInOnPage } from '../support/sign-in.ts';

/** Signs in, then opens `hash` in the language and direction asked (kept as the customizer keeps them). */
async function openAs(page: Page, hash: string, language: 'en' | 'de', direction: 'ltr' | 'rtl') {
  await page.goto('/');
  await signInOnPage(page, 'admin', ADMIN_PASSWORD);
  await page.evaluate(
    ([l, d]) => {
      sessionStorage.setItem('backoffice-language', l);
      sessionStorage.setItem('backoffice-direction', d);
    },
    [language, direction] as const,
  );
  await page.goto(`/${hash}`);
  await page.reload();
  await expect(page.getByTestId('page-title')).toBeVisible();
}

const styleOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => ({ bidi: getComputedStyle(el).unicodeBidi, align: getComputedStyle(el).textAlign }));

test('right to left mirrors the layout but keeps each title and cell in its own direction', async ({ page }) => {
  await openAs(page, '#/currency/currencies', 'en', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // "Rate today", "Pound sterling": each is laid out from its first letter, on the mirrored (right) side.
  expect(await styleOf(page, '[data-testid=currencies-table] thead th')).toEqual({ bidi: 'plaintext', align: 'right' });
  expect(await styleOf(page, '[data-testid=currencies-table] tbody td')).toMatchObject({ bidi: 'plaintext' });
  expect(await styleOf(page, '[data-testid=page-title]')).toEqual({ bidi: 'plaintext', align: 'right' });
  await expect(page.getByTestId('page-title')).toHaveText('Currencies');
});

test('left to right is left alone', async ({ page }) => {
  await openAs(page, '#/currency/currencies', 'en', 'ltr');
  expect((await styleOf(page, '[data-testid=currencies-table] thead th')).bidi).not.toBe('plaintext');
});

test('an export is in the language of the app: titles as on screen, figures as numbers', async ({ page }) => {
  await openAs(page, '#/currency/currencies', 'de', 'ltr');
  await expect(page.getByTestId('page-title')).toHaveText('Währungen');
  const waiting = page.waitForEvent('download');
  await page.getByTestId('export').click();
  const file = await (await waiting).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toContain('Nachkommastellen');
  expect(header).toContain('Kurs heute');
  let places: ExcelJS.Cell | undefined;
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(1).value === 'GBP') places = row.getCell(header.indexOf('Nachkommastellen') + 1);
  });
  expect(places?.value).toBe(2);
  expect(places?.type).toBe(ExcelJS.ValueType.Number);
});
