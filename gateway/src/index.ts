export * from './gateway';
export * from './route-table';
