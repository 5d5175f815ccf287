// Stands in for `server-only` under Vitest, which does not set the react-server condition.
export {};
