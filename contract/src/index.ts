export * from './options';
export * from './messages';
export * from './limits';
export * from './errors';
export * from './schemas';
export * from './admin';
export * from './outcomes';
export * from './form-post';
