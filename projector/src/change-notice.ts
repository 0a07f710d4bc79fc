// The notice's shape and codec are shared with its listeners (query-api): they live in service-kit.
export { ChangeNotice, decodeChangeNotice, encodeChangeNotice } from '@civitas/service-kit/read-models';
