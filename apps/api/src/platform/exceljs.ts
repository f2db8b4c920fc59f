import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, with the zip, CSV and promise libraries behind it (about a third of the modules the server would
 * otherwise load at start-up), is loaded on the first export, import or template, not when the server starts:
 * a restart should not pay for what most runs use late or never. Later calls get the same module.
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}
