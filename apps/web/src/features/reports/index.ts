// The FIFO layer columns, age bucket tag and option filter the warehouse reports share.
export { AgeBucketTag } from './components/age-bucket-tag.tsx';
export { layerKey, useLayerColumns } from './components/layer-columns.tsx';
export { OptionFilter } from './components/option-filter.tsx';
