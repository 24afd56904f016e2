export * from './tax';
export * from './lines';
export * from './aiu';
export * from './totals';
export * from './currency';
export * from './request-parts';
export * from './request';
export * from './contingency-reference';
