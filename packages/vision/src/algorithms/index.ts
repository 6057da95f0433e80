/**
 * Task registry: task name -> algorithm. Adding an algorithm is one module plus one line here.
 */
import type { AnyAlgorithm } from './types.ts';
import { facepoints } from './face/facepoints.ts';

export const algorithms = {
  facepoints,
} as const satisfies Record<string, AnyAlgorithm>;

export type TaskName = keyof typeof algorithms;

/** Result type of each task, for typed callers: `backend.run<TaskResults['facepoints']>(...)`. */
export type TaskResults = { [K in TaskName]: Awaited<ReturnType<(typeof algorithms)[K]['run']>> };

export function isTaskName(task: string): task is TaskName {
  return Object.prototype.hasOwnProperty.call(algorithms, task);
}

export function getAlgorithm(task: string): AnyAlgorithm | undefined {
  return isTaskName(task) ? algorithms[task] : undefined;
}

export const taskNames = Object.keys(algorithms) as TaskName[];
