export * from './common';
export * from './fe';
export * from './dse';
export * from './dian';
export * from './fields';
export * from './field-errors';
