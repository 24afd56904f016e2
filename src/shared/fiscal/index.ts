export * from './nit';
export * from './cufe';
export * from './qr';
export { sha384Hex } from './sha384';
