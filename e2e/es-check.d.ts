// es-check ships no types; the one function the delivery spec calls.
declare module 'es-check' {
  export const runChecks: (
    configs: Record<string, unknown>[],
  ) => Promise<{ success: boolean; errors: { file: string; err: Error }[] }>;
}
