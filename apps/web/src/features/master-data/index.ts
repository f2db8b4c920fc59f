// The one list page and form for records that are only code, name and active (brands, cost centres).
export type { CodedInput, CodedListQuery, CodedRecord, CodedRecordKind } from './coded-record-kind.ts';
export { CodedRecordListPage } from './coded-record-list-page.tsx';
