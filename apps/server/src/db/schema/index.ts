export * from './enums.ts';
export * from './users.ts';
export * from './projects.ts';
export * from './money.ts';
export * from './social.ts';
export * from './site.ts';
export * from './sandbox-processor.ts';
export * from './messaging.ts';
