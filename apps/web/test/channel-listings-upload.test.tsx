// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IMPORT_KIND_DEFS, IMPORT_KINDS } from '@backoffice/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ListingsPage } from '../src/features/api/api-configuration/listings-page.tsx';
import { ListingsUploadDrawer } from '../src/features/api/api-configuration/listings-upload-drawer.tsx';
import channels from '../src/locales/en/channels.json';
import { i18n } from '../src/shared/lib/i18n.ts';
import { renderUi, setUpUi } from './ui-setup.tsx';

const root = path.resolve(import.meta.dirname, '../src/locales');
type Tree = { [key: string]: string | Tree };
const imports = (lang: string) =>
  JSON.parse(readFileSync(path.join(root, lang, 'imports.json'), 'utf8')) as { kinds: Tree; fields: Tree };

beforeAll(async () => {
  await setUpUi();
  i18n.addResourceBundle('en', 'channels', channels, true, true);
  // The server is never answered here: lists show themselves loading.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});
afterEach(cleanup);

describe('listings uploaded from an .xlsx', () => {
  it('name every import kind and each of its fields in all four languages', () => {
    for (const lang of ['en', 'es', 'pt', 'de']) {
      const words = imports(lang);
      for (const kind of IMPORT_KINDS) {
        expect(words.kinds[kind], `${lang} ${kind}`).toBeTruthy();
        const fields = words.fields[kind] as Tree | undefined;
        for (const f of IMPORT_KIND_DEFS[kind].fields)
          expect(fields?.[f.field], `${lang} ${kind}.${f.field}`).toBeTruthy();
      }
    }
  });

  it('open the import flow of the kind from the Listings page, for those who may edit listings', async () => {
    renderUi(<ListingsPage />, {
      url: '/api/api-configuration/listings',
      permissions: ['view_api_configuration', 'edit_api_configuration'],
    });
    const action = screen.getByTestId('upload-channel-listings');
    expect(action.textContent).toContain('Upload .xlsx');
    fireEvent.click(action);
    // (antd names the dialog by an id that is the same for every element under test: its text is checked instead.)
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Upload listings')).toBeTruthy();
    expect(drawer.textContent).toContain('one row per account and channel SKU');
    expect(screen.getByTestId('bulk-upload-wizard')).toBeTruthy();
    // The file input is named by its label (the drop zone).
    expect(screen.getByLabelText(/Choose an \.xlsx|\.xlsx/i, { selector: 'input' })).toBeTruthy();
    expect(screen.getByTestId('channel-listings-template')).toBeTruthy();
  });

  it('offer no upload to those who may only see the listings', () => {
    renderUi(<ListingsPage />, { url: '/api/api-configuration/listings', permissions: ['view_api_configuration'] });
    expect(screen.queryByTestId('upload-channel-listings')).toBeNull();
  });

  it('show the drawer closed until it is opened', () => {
    renderUi(<ListingsUploadDrawer open={false} onClose={() => undefined} />, {
      permissions: ['edit_api_configuration'],
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
