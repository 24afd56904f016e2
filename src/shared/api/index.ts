export * from './common';
export * from './fe';
export * from './dse';
export * from './fields';
export * from './field-errors';
