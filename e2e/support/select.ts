import { expect, type Locator, type Page } from '@playwright/test';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Opens a searching picker, types `text` and chooses the option showing it. A picker searches the server after a
 * pause and shows the earlier options until the answer arrives, replacing them under the pointer: the choice is
 * made once every option shown matches what was typed (the one chosen before, which a picker keeps listed, aside).
 */
export async function chooseSearched(page: Page, opener: Locator, text: string) {
  await opener.click();
  await page.keyboard.type(text);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(
    page
      .locator('.ant-select-dropdown:visible .ant-select-item-option:not(.ant-select-item-option-selected)')
      .filter({ hasNotText: new RegExp(escapeRegExp(text), 'i') }),
  ).toHaveCount(0);
  const option = options.filter({ hasText: text });
  await expect(option).toHaveCount(1);
  await option.click();
}
