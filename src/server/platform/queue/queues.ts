// Every queue of ours, declared when the queue starts (queue.ts).
import { SALE_QUEUE } from './sale-queue.ts';
import type { QueueSpec } from './queue.ts';

export const QUEUES: readonly QueueSpec[] = [SALE_QUEUE];
