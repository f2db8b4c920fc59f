import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/*
 * ECharts with only what the product's charts use. Imported by `chart.tsx` through a dynamic
 * import(), never statically, so the library lands in a chunk of its own that loads with the first
 * chart shown; adding a chart type here makes that chunk (and only it) grow.
 */
use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  AriaComponent,
  CanvasRenderer,
]);

export { init };
