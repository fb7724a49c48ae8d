/** Messages between the benchmark driver and the server processes it forks. */
export type ChildMessage =
  | { type: 'ready'; url: string; key?: string }
  | { type: 'seeded'; rows: number; ms: number }
  | { type: 'cpu'; micros: number };

export type DriverMessage =
  | { type: 'seed'; formId: string; rows: number }
  | { type: 'cpu' }
  | { type: 'shutdown' };

/** The ways a child learns its settings from the driver (environment, so `fork` passes them). */
export const CHILD_ENV = {
  dataDir: 'BENCH_CHILD_DATA_DIR',
  logLevel: 'BENCH_LOG_LEVEL',
  baselineTable: 'BENCH_BASELINE',
} as const;

export function send(message: ChildMessage): void {
  process.send?.(message);
}

/**
 * Answers the driver's `cpu` question with the CPU time (user + system) this process has used so
 * far: per request, it tells the servers' costs apart even when a noisy machine blurs requests/s.
 */
export function answerCpuQuestions(): void {
  process.on('message', (message: DriverMessage) => {
    if (message.type !== 'cpu') return;
    const used = process.cpuUsage();
    send({ type: 'cpu', micros: used.user + used.system });
  });
}
