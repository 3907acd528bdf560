/**
 * node:test reporter: one line per test and a closing "N passed, M failed".
 * node --test sets a non-zero exit code on failure by itself.
 */
export default async function* reporter(source) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  for await (const event of source) {
    const { type, data } = event;
    if (type === 'test:pass' || type === 'test:fail') {
      if (data.details?.type === 'suite') continue;
      const ms = Math.round(data.details?.duration_ms ?? 0);
      if (type === 'test:pass') {
        if (data.skip || data.todo) {
          yield `  - ${data.name} (skipped)\n`;
          continue;
        }
        passed++;
        yield `  ✓ ${data.name} (${ms} ms)\n`;
      } else {
        failed++;
        const err = data.details?.error;
        const cause = err?.cause ?? err;
        failures.push({ name: data.name, file: data.file, message: cause?.stack || cause?.message || String(cause) });
        yield `  ✗ ${data.name} (${ms} ms)\n`;
      }
    } else if (type === 'test:stderr' || type === 'test:stdout') {
      yield data.message;
    } else if (type === 'test:diagnostic' && /^(cancelled|todo)/.test(data.message)) {
      // keep the summary compact
    }
  }
  for (const f of failures) {
    yield `\nFAILED: ${f.name}${f.file ? ` (${f.file})` : ''}\n${f.message}\n`;
  }
  yield `\n${passed} passed, ${failed} failed\n`;
}
