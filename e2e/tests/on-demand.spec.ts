/**
 * Issue 14: secondary UI (the account menu, the select boxes) loads on demand, with a stand-in that
 * looks the same until its code arrives. A press that the code overtakes (it arrives after the
 * mouse button goes down and before it comes up) must still open the piece: the stand-in is
 * replaced mid-click, and the browser then sends the click to neither element.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, ROLES, createReadyAdmin, greetingFor, signInViaApi, uniqueAdmin } from '../fixtures.js';

/** Holds back the chunk whose file name matches until `release` is called. */
async function holdChunk(page: Page, name: RegExp): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(name, async (route) => {
    await gate;
    await route.continue();
  });
  return {
    release: async () => {
      const arrived = page.waitForResponse(name);
      open();
      await arrived;
    },
  };
}

/** Presses on `standIn`, lets the held code arrive, waits until the stand-in is replaced, then releases. */
async function pressAcrossTheSwap(page: Page, standIn: Locator, release: () => Promise<void>): Promise<void> {
  const box = await standIn.boundingBox();
  if (!box) throw new Error('the stand-in is not on screen');
  const handle = await standIn.elementHandle();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await release();
  await page.waitForFunction((el) => !el?.isConnected, handle);
  await page.mouse.up();
}

test('a press on the account menu that its code overtakes still opens the menu', async ({ page }) => {
  const chunk = await holdChunk(page, /\/assets\/account-menu-popup-[\w-]+\.js$/);
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: greetingFor('Priya Sharma') })).toBeVisible();
  await pressAcrossTheSwap(page, page.getByRole('button', { name: /^Account menu/ }), chunk.release);
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
});

test('a press on Rows per page that its code overtakes still opens the list', async ({ page }) => {
  const chunk = await holdChunk(page, /\/assets\/select-control-[\w-]+\.js$/);
  // A fresh admin has made no uploads, so no upload outcome notice arrives above the list and
  // moves the box between measuring it and pressing on it.
  const admin = uniqueAdmin('Pager', ROLES.viewer);
  const password = `Loom-${Date.now()}-Shuttle`;
  await createReadyAdmin(page.request, admin, password);
  await signInViaApi(page, admin, password);
  await page.goto('/employees');
  const rowsPerPage = page.getByRole('textbox', { name: 'Rows per page' });
  await expect(rowsPerPage).toHaveValue('10');
  await pressAcrossTheSwap(page, rowsPerPage, chunk.release);
  await expect(page.getByRole('option', { name: '25' })).toBeVisible();
});

test('a stand-in stays until it is reached for, and then opens at the first press', async ({ page }) => {
  // Decision 0041: the real pieces are not mounted when their code arrives (each mount was a long
  // task after the page had loaded), only when the pointer comes over a stand-in or it takes focus.
  const admin = uniqueAdmin('Reach', ROLES.viewer);
  const password = `Loom-${Date.now()}-Shuttle`;
  await createReadyAdmin(page.request, admin, password);
  await signInViaApi(page, admin, password);
  const selectCode = page.waitForResponse(/\/assets\/select-control-[\w-]+\.js$/);
  const menuCode = page.waitForResponse(/\/assets\/account-menu-popup-[\w-]+\.js$/);
  await page.goto('/employees');
  await Promise.all([selectCode, menuCode]);
  await page.waitForTimeout(500);
  const rowsPerPage = page.getByRole('textbox', { name: 'Rows per page' });
  await expect(rowsPerPage).toHaveClass(/mantine-TextInput-input/);
  const accountMenu = page.getByRole('button', { name: /^Account menu/ });
  await expect(accountMenu).not.toHaveAttribute('id'); // the real menu's button carries the id its menu points to

  // The pointer over the box swaps in Mantine's Select; a press then opens its list.
  await rowsPerPage.hover();
  await expect(rowsPerPage).toHaveClass(/mantine-Select-input/);
  await page.waitForTimeout(300);
  await rowsPerPage.click();
  await expect(page.getByRole('option', { name: '25', exact: true })).toBeVisible();
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expect(rowsPerPage).toHaveValue('25');

  // Focus swaps in the account menu, which keeps the focus; Enter opens it.
  await accountMenu.focus();
  await expect(accountMenu).toHaveAttribute('id');
  await expect(accountMenu).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
});

test("the list's Filter and Columns buttons stand alone until reached for, then open at the first press or from the keyboard", async ({ page }) => {
  // Decision 0041: a mounted Mantine Popover keeps its button in state set as it mounts, which made
  // React run the first render's effects and a second render in its commit's task; the toolbar's
  // popovers are mounted only when the pointer comes over their button, it takes focus, or a press.
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInViaApi(page, DEMO.superAdmin);
  await page.goto('/employees');
  const columns = page.getByRole('button', { name: /^Columns/ });
  const filter = page.getByRole('button', { name: /^Filter/ });
  await expect(columns).toBeVisible();
  await page.waitForTimeout(500);
  // The real popover's button carries the id its panel points to; the stand-in has none.
  await expect(columns).not.toHaveAttribute('id');
  await expect(filter).not.toHaveAttribute('id');
  await expect(columns).toHaveAttribute('aria-expanded', 'false');

  await columns.click();
  await expect(page.getByRole('dialog', { name: 'Columns' })).toBeVisible();
  await expect(columns).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Columns' })).toBeHidden();
  await expect(columns).toBeFocused();

  await filter.focus();
  await expect(filter).toHaveAttribute('id');
  await expect(filter).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Filter' })).toBeVisible();
});
