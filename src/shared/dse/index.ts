export * from './aliases';
export * from './supplier';
export * from './items';
export * from './withholdings';
export * from './dates';
export * from './totals';
export * from './request';
export * from './redate';
