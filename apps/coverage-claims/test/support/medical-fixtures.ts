// The check-up profiles are shared with the bench (bench/support is built; test/ is not).
export * from '../../../../bench/support/medical-profiles.js';
