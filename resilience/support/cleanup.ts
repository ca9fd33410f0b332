/**
 * What a spec must undo whatever happens (servers, databases, directories), undone in reverse
 * order of creation; every step runs even when an earlier one fails, and the first failure is
 * thrown at the end. A resource is registered the moment it exists, so a beforeAll that fails
 * half-way still leaves nothing behind.
 */
export class Cleanup {
  private readonly steps: (() => Promise<void> | void)[] = [];

  add(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    const errors: unknown[] = [];
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  }
}
