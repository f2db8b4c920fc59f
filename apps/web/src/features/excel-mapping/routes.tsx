import { AreaRoutes, areaRoutes } from '../../shell/area-routes.tsx';
import { ExcelMappingListPage } from './excel-mapping-list-page.tsx';

const routes = areaRoutes('excel-mapping', [
  { path: '', titleKey: 'excelMapping', permissions: ['view_excel_mapping'], element: <ExcelMappingListPage /> },
]);

/** The excel-mapping area: the saved column mappings every .xlsx import chooses from. */
export function Component() {
  return <AreaRoutes routes={routes} />;
}
