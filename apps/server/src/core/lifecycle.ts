// Where an instance is in its life: the start and the stop move it (main.ts), /readyz reads it (http/operations.ts).

/** A load balancer sends traffic only while the instance is `serving`. */
export type Lifecycle = { state: 'starting' | 'serving' | 'stopping' };
