import type { Reporter } from 'vitest/node';

export function testReporters(): Array<'default' | Reporter>;
